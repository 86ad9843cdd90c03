# game_calculation package 
# 麻将平台计算服务包