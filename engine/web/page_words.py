"""The words of the live pages (the playground and the table) in Chinese, the one catalogue their
scripts read: each page carries it as JSON (``catalogue_script``) and common.js looks every English
sentence up in it (``say``), holes ``{}`` filled in order. The rule book's own words are in words.py."""
from __future__ import annotations

import json

#: The Chinese of each English sentence the pages' scripts write; the key is the English text.
PAGE_ZH: dict[str, str] = {
    # both pages
    "fanrules playground": "fanrules 算番", "fanrules table": "fanrules 牌桌", "rule set": "规则集", "Rule book": "规则书",
    "Playground": "算番", "Table": "牌桌", "API": "接口", "Build a hand": "组一手牌", "Play a hand": "打一局",
    "east": "东", "south": "南", "west": "西", "north": "北",
    "{} of {}": "{}{}", "characters": "万", "dots": "筒", "bamboo": "条",
    "one": "一", "two": "二", "three": "三", "four": "四", "five": "五", "six": "六", "seven": "七", "eight": "八", "nine": "九",
    "east wind": "东风", "south wind": "南风", "west wind": "西风", "north wind": "北风",
    "red dragon": "红中", "green dragon": "发财", "white dragon": "白板",
    "spring": "春", "summer": "夏", "autumn": "秋", "winter": "冬", "plum": "梅", "orchid": "兰",
    "bamboo flower": "竹", "chrysanthemum": "菊", "a tile face down": "一张扣着的牌", "{} tiles face down": "{} 张扣着的牌",
    "add {}": "加一张{}", "take back {}": "拿回{}", "discard {}": "打出{}",
    # the playground
    "tile": "单张", "declared chow": "吃", "declared pung": "碰", "declared kong": "明杠", "concealed kong": "暗杠",
    "Click tiles to build the hand": "点牌组成一手牌，最后点的一张是和的牌；吃从所点的那张开始。点手里的牌或牌组可以拿回。",
    "Hand": "手牌", "seat": "门风", "round": "圈风", "flowers": "花牌", "In sight": "已见的牌", "Score": "算番",
    "Waits of 13 tiles": "十三张听什么", "Clear": "清空", "self drawn": "自摸", "last copy": "和绝张",
    "kong related": "杠上开花或抢杠和", "last tile": "海底捞月或妙手回春", "flower replacement": "补花后和", "first turn": "第一巡",
    "No tiles yet.": "还没有牌。", "on a discard": "点和", "total": "总计", "with flowers": "含花牌",
    "below the minimum of": "不够起和番数", "not a legal win": "不能和牌", "Not counted:": "不计：",
    "Point at a fan to see the sets it used.": "指向一个番种，就能看到它用了哪几组牌。", "the whole hand": "整手牌",
    "Waits of": "听牌：", "(click one to win on it):": "（点一张就和这张）：", ": none, the hand is not ready.": "：没有，还没听牌。",
    "Under each wait: its total on a discard, then self-drawn.": "每张听牌下面：点和的番数，然后是自摸的番数。",
    "ready": "听牌", "{} from ready": "离听牌还差 {} 张", "complete": "完整", "ready for waits": "可以看听牌", "typed": "已输入",
    "Draws that bring it closer, with the copies still unseen:": "能让牌更接近和牌的进张，以及还没见到的张数：",
    "Discards, best first: the shanten after each, the draws that then help, and the most points in reach.":
        "打哪张（最好的在前）：打出后的向听数、之后有用的进张，以及最多能和多少番。",
    "{} tiles": "{} 张", "reading": "拆法", "standard": "标准型", "seven pairs": "七对", "thirteen orphans": "十三幺",
    "honours and knitted": "全不靠", "knitted straight": "组合龙",
    "shanten {}; by shape: {}": "向听数 {}；各牌型：{}",
    "e.g. [123p,1][345s,2]999s6m6pEWW1m, last tile = winning tile": "例如 [123p,1][345s,2]999s6m6pEWW1m，最后一张是和的牌",
    "tiles seen elsewhere (discards, others' sets), e.g. 1m1mE[789s]: the analysis counts them out":
        "别处看到的牌（弃牌、别家的牌组），例如 1m1mE[789s]：分析时扣除",
    "Press Score (or Enter) for this hand.": "按“算番”（或回车）计算这手牌。",
    "Play a hand at the table": "到牌桌打一局", "(under minimum)": "（不够起和番数）",
    "Not a winning hand: {}": "不是和牌：{}", "The hand cannot be read: {}": "这手牌读不懂：{}",
    "Not allowed: {}": "不允许：{}", "Too much at once: {}": "一次太多：{}", "The server is busy: {}": "服务器忙：{}",
    "Something went wrong: {}": "出错了：{}", "The server did not answer: is `fanrules serve` still running?": "服务器没有回应：fanrules serve 还在运行吗？",
    "type a hand or click tiles first": "先输入一手牌或点牌", "a chow starts at a number tile from 1 to 7": "吃要从 1 到 7 的数牌开始",
    "{} tiles: a hand has 14 with its winning tile; click one to take it back": "{} 张：一手牌连和的牌共 14 张；点一张拿回",
    "win on {}: click to score it": "和{}：点一下算番", "{} unseen": "还有 {} 张没见到",
    "reason:excluded": "与{}不重复计（不计）", "reason:excluded_count": "{}已包含这一次", "reason:own_sets": "它的牌组属于{}",
    "reason:identical": "不重复原则：已有一组牌构成此番", "reason:account_once": "不拆移、一次计原则：它的牌组已组合过",
    "reason:family_cap": "同系列已计到规则允许的个数，{}在其中", "reason:alone": "{}单独计番",
    "{}: click to take it back": "{}：点一下拿回", "chow": "吃", "pung": "碰", "kong": "杠", "concealed_kong": "暗杠",
    "face down": "扣着", "Hand {}": "手牌 {}",
    # the table
    "A new table": "开一桌", "one hand": "一局", "a session (every hand of the rule set's settlement)": "一场（结算规则的全部局数）",
    "Sit down": "入座", "hints (shanten, useful tiles, points in reach)": "提示（向听数、有用的牌、能和的番数）",
    "pace of the others' moves": "别家出牌的速度", "instant": "立即", "quick": "快", "slow": "慢",
    "auto pass": "自动过", "auto win": "自动和",
    "You": "你", "you": "你", "{} (player {})": "{}家（{} 号）", "{} (you)": "{}家（你）",
    "seat {}": "{}风位", "{} flower(s)": "花 {} 张", "dealer": "庄家", "to act": "该出牌",
    "Hand {} of {} · {}": "第 {} 局，共 {} 局 · {}", "Hand {} · {}": "第 {} 局 · {}",
    "prevalent wind {} · {} tiles in the wall": "圈风 {} · 牌墙剩 {} 张",
    "Your turn: discard a tile.": "轮到你：打一张牌。", "Your turn: set your flowers aside.": "轮到你：补花。",
    "Your turn: win, kong or discard.": "轮到你：和、杠或打牌。",
    "{} discarded {}: claim it or pass.": "{}打出{}：要吃碰杠和，还是过？", "The others are playing.": "别家在打牌。",
    "the hand is over": "这一局结束了",
    "{} draws": "{}摸牌", "{} draws {}": "{}摸到{}", "{} discards {}": "{}打出{}", "{} sets aside {}": "{}补花{}",
    "{} chows {}": "{}吃{}", "{} pungs {}": "{}碰{}", "{} kongs {}": "{}杠{}", "{} declares a concealed kong": "{}暗杠",
    "{} declares a concealed kong {}": "{}暗杠{}", "{} adds {} to a pung": "{}加杠{}", "{} wins": "{}和了", "{} passes": "{}过",
    "pass": "过", "win": "和", "win on {}": "和{}", "chow {} with {}": "吃{}（配{}）", "pung {}": "碰{}", "kong {}": "杠{}",
    "set {} aside": "补花{}", "concealed kong {}": "暗杠{}", "add {} to your pung": "加杠{}",
    "Last discard": "最后打出的牌", "by {}": "{}打的",
    "What happened": "牌局记录", "What you may do": "你可以做的",
    "Click a tile of your hand to discard it.": "点手里的一张牌打出。",
    "Advice: {}": "建议：{}", "claim": "吃碰", "Advice: pass. {}": "建议：过。{}", "Advice: {}. {}": "建议：{}。{}",
    "{} from ready ({} useful tiles left)": "离听牌还差 {}（有用的牌还剩 {} 张）",
    "Useful draws, with the copies you have not seen:": "有用的进张，以及你还没见到的张数：",
    "Discards, best first:": "打哪张（最好的在前）：",
    "after it {}, {} useful": "打出后 {}，有用的牌 {} 张", "up to {} points": "最多 {} 番",
    "below the minimum of {}": "不够起和番数 {}",
    "What the hints mean": "提示里的词",
    "shanten: how many tiles a hand lacks to be ready (0 is ready, -1 complete).":
        "向听数：离听牌还差几张牌（0 是听牌，-1 是和了）。",
    "useful: the draws that bring the hand closer, counted by the copies you have not seen.":
        "有用的牌：能让牌更接近和牌的进张，按你还没见到的张数计。",
    "points in reach: the most a hand could score along the way; below the minimum it cannot win.":
        "能和的番数：这样打下去最多能和多少番；不够起和番数就不能和。",
    "Exhaustive draw: nobody won this hand.": "荒庄：这一局没人和牌。",
    "Ready when the wall ran out: {}.": "牌墙摸完时听牌的：{}。", "nobody": "没有人",
    "You win": "你和了", " self-drawn": "，自摸", " on the discard of {}": "，{}点炮",
    "total {}": "合计 {} 番", "flowers +{}": "花牌 +{}", "with flowers {}": "含花牌 {} 番",
    "Download {}.": "下载{}。", "the game log (fanrules replay checks it)": "牌局记录（fanrules replay 可以核对）",
    "Next hand": "下一局", "Replay this hand": "回放这一局", "Replay": "回放", "step {} of {}": "第 {} 步，共 {} 步",
    "Back": "后退", "Forward": "前进", "Close": "关闭", "the deal": "发牌",
    "Hand {}: {}": "第 {} 局：{}", "payments: {}": "支付：{}", "{} hand(s) of {} played": "已打 {} 局，共 {} 局",
    "final standings": "最终排名", "place": "名次", "player": "玩家", "score": "得分", "ranking points": "排名分",
    "scores start at 0 (the rule set's table score starts at {})": "得分从 0 算起（规则集的台分从 {} 开始）",
    "draw": "荒庄", "a draw: ready {}": "荒庄，听牌的：{}", "{} points": "{} 番",
    "Leave the game in play and sit down at a new table?": "离开正在打的这一局，到新的一桌入座？",
    "Back at your table.": "回到你的牌桌。", "the table's connection closed": "牌桌的连接断了",
    "the connection to the table is closed: sit down again": "牌桌的连接已关闭：请重新入座",
    "the fanrules server did not answer (is `fanrules serve` still running?)": "fanrules 服务器没有回应（fanrules serve 还在运行吗？）",
}


def catalogue_script() -> str:
    """The catalogue as the pages carry it: a JSON script element (``</`` escaped for HTML)."""
    text = json.dumps(PAGE_ZH, ensure_ascii=False).replace("</", "<\\/")
    return f'<script type="application/json" id="words">{text}</script>'
