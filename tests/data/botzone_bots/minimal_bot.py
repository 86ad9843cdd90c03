"""A minimal Botzone bot for Chinese Standard Mahjong, written from Botzone's protocol alone (no
fanrules): it keeps its hand from the requests, discards the tile with the fewest neighbours, and
passes on everything else. With --keep it asks to be kept running; without, it answers the last request
of Botzone's simple interaction input (turn number n, then 2n-1 lines) and ends."""
import sys

KEEP = "--keep" in sys.argv


def neighbours(tile, hand):
    score = hand.count(tile) - 1
    if tile[0] in "WBT":
        rank = int(tile[1])
        for d in (-2, -1, 1, 2):
            score += hand.count(f"{tile[0]}{rank + d}") * (2 if abs(d) == 1 else 1)
    return score


class Bot:
    def __init__(self):
        self.me, self.hand = 0, []

    def answer(self, request):
        words = request.split()
        if words[0] == "0":
            self.me = int(words[1])
        elif words[0] == "1":
            self.hand = words[5:18]
        elif words[0] == "2":
            self.hand.append(words[1])
            return "PLAY " + min(self.hand, key=lambda t: (neighbours(t, self.hand), t))
        elif words[0] == "3" and int(words[1]) == self.me and words[2] == "PLAY":
            self.hand.remove(words[3])
        return "PASS"


def main():
    bot = Bot()
    n = int(sys.stdin.readline())
    lines = [sys.stdin.readline().strip() for _ in range(2 * n - 1)]
    for request in lines[0:-1:2]:
        answer = bot.answer(request)
    answer = bot.answer(lines[-1])
    print(answer)
    while KEEP:
        print(">>>BOTZONE_REQUEST_KEEP_RUNNING<<<", flush=True)
        request = ""
        while not request.strip():
            request = sys.stdin.readline()
            if not request:
                return
        print(bot.answer(request.strip()))


main()
