"""The toy game as the web layer sees it. Its words are written here in both languages (the toy is
never on the site, so its strings are not in the site's catalogue)."""

from django.utils import translation

from games.ui import GameUI, RuleText, TargetText


class Words(str):
    """A text in both languages, said in the language in force when it is read."""

    def __new__(cls, en, ja):
        obj = super().__new__(cls, en)
        obj.ja = ja
        return obj

    def __str__(self):
        return self.ja if translation.get_language() == "ja" else str.__str__(self)

    def __mod__(self, args):
        return str(self) % args


def said(en, ja):
    return str(Words(en, ja))


CARD = {"A": ("ace", "エース"), "K": ("king", "キング"), "Q": ("queen", "クイーン")}
SUIT = {"S": ("spades", "スペード"), "H": ("hearts", "ハート")}


def card_words(card):
    (ren, rja), (sen, sja) = CARD[card[0]], SUIT[card[1]]
    return said(f"the {ren} of {sen}", f"{sja}の{rja}")


RULES = {
    "toy.stake.choice": RuleText(Words("The stake", "賭け点"),
                                 Words("Before any card is played, the first player sets the stake: 1 or 2 points.",
                                       "札を出す前に、先手が賭け点を1点か2点に決めます。")),
    "toy.play.turn": RuleText(Words("Your turn, your cards", "手番と手札"),
                              Words("Play one card of your own hand, in your turn.",
                                    "自分の手番に、自分の手札から1枚出します。")),
    "toy.play.follow": RuleText(Words("Follow suit", "マストフォロー"),
                                Words("You must follow suit: you hold a card of the suit led (%(suit)s).",
                                      "リードされたスート（%(suit)s）の札を持っているので、それを出します。")),
    "toy.score.tricks": RuleText(Words("Two tricks win", "2トリックで勝ち"),
                                 Words("Whoever takes two tricks wins the stake.",
                                       "2トリックを取った人が賭け点を得ます。")),
    "toy.stake.limit": RuleText(Words("The limit on the stake", "賭け点の制限"),
                                Words("In the stop mode, you may stake 2 only after losing the last deal.",
                                      "ストップありの場合、2点を賭けられるのは直前のディールに負けたときだけです。")),
    "toy.stop.call": RuleText(Words("Calling Stop!", "ストップの宣言"),
                              Words("The dealer may call Stop! only in the stop mode, right after the stake is set and before the lead.",
                                    "ストップを宣言できるのは、ストップありの場合に、賭け点が決まった直後、リードの前の配り手だけです。")),
    "toy.stop.wrong": RuleText(Words("A wrong Stop!", "誤ったストップ"),
                               Words("The stake of %(stake)s kept the limit: the call has no effect.",
                                     "賭け点%(stake)sは制限を守っているので、この宣言は何も変えません。")),
    "toy.match.next": RuleText(Words("The next deal", "次のディール"),
                               Words("After a deal, the other player deals the next, until one of you has the target.",
                                     "ディールが終わると、どちらかが目標点に届くまで、もう一人が次を配ります。")),
}

TARGETS = {
    "win": TargetText(Words("Win the deal", "ディールに勝つ"),
                      Words("You took two tricks.", "2トリックを取りました。"),
                      Words("Your opponent took two tricks.", "相手が2トリックを取りました。")),
}

PHASES = {"stake": ("Setting the stake", "賭け点を決める"), "play": ("Playing the tricks", "トリックを取り合う"),
          "end": ("The deal is over", "ディール終了"), "over": ("The match is over", "マッチ終了")}


class ToyUI(GameUI):
    slug = "toy"
    rules = RULES
    targets = TARGETS
    board_facts = {"tricks": ("tricks",)}
    hint_level = "expert"
    options = {"target": (Words("Target score", "目標点"),
                          {1: Words("1 point (one deal)", "1点（1ディール）"),
                           3: Words("3 points (a longer match)", "3点（長めのマッチ）")}),
               "stop": (Words("Stop!", "ストップ"),
                        {False: Words("off: stake 1 or 2 freely", "なし：1点でも2点でも自由に賭けられる"),
                         True: Words("on: 2 only after losing a deal, and the dealer may call Stop!",
                                     "あり：2点はディールに負けた後だけ。配り手はストップを宣言できる")})}
    level_labels = {"beginner": Words("Beginner: plays at random", "初級：でたらめに出す"),
                    "club": Words("Club player: plays its highest card", "中級：いちばん強い札を出す"),
                    "expert": Words("Expert: reckons every deal it cannot rule out", "上級：ありうる配りをすべて読む")}

    @property
    def levels(self):
        from .bots import LEVELS

        return LEVELS

    def seat_names(self, viewer, players=2):
        return {viewer: said("You", "あなた"), 1 - viewer: said("Your opponent", "相手")}

    def board(self, view, seat, names=None):
        names = names or self.seat_names(seat)
        return {"me": names[seat], "other": names[1 - seat], "hand": view.hands[seat],
                "other_hand": view.hands[1 - seat], "hand_zone": f"hand.{seat}",
                "trick": [(names[(view.leader + i) % 2], c) for i, c in enumerate(view.trick)],
                "tricks": {"me": view.tricks[seat], "other": view.tricks[1 - seat]},
                "stake": view.stake, "phase": view.phase, "phase_text": self.phase_text(view, seat)}

    def controls(self, game, state, seat, *, only_legal=False):
        from games.controls import Button, CardButton, Controls

        if seat not in game.to_move(state):
            return Controls()
        legal = set(game.legal_actions(state, seat))
        items = []
        for action in game.candidate_actions(state, seat):
            ok = action in legal
            if action.kind == "play" and (ok or not only_legal):
                items.append(CardButton(action.card, f"hand.{seat}", action, ok))
            elif action.kind == "stake" and ok:
                items.append(Button(action, said(f"Stake {action.choice}", f"賭け点{action.choice}"), ok))
            elif action.kind == "stop" and ok:
                items.append(Button(action, said("Stop!", "ストップ！"), ok))
            elif action.kind == "next" and ok:
                items.append(Button(action, said("Deal the next hand", "次のディールへ"), ok))
        return Controls(items)

    def describe(self, view, seat, action):
        if action.kind == "stake":
            return said(f"stake {action.choice}", f"賭け点を{action.choice}にする")
        if action.kind == "next":
            return said("deal the next hand", "次のディールに進む")
        if action.kind == "stop":
            return said("call Stop!", "ストップを宣言する")
        return said(f"play {card_words(action.card)}", f"{card_words(action.card)}を出す")

    def narrate(self, game, before, seat, action, after, names, viewer=None):
        who = names[seat]
        if action.kind == "stake":
            lines = [said(f"{who} set the stake at {action.choice}.", f"{who}が賭け点を{action.choice}にしました。")]
        elif action.kind == "stop":
            if after.stake < before.stake:
                return [said(f"{who} called Stop!: the stake of 2 broke the limit, and goes back to 1.",
                             f"{who}がストップを宣言しました。賭け点2は制限違反なので、1に戻ります。")]
            return [said(f"{who} called Stop!, to no effect: the stake kept the limit.",
                         f"{who}がストップを宣言しましたが、賭け点は制限を守っていたので何も変わりません。")]
        elif action.kind == "next":
            return [said(f"Deal {after.deal}: {names[after.dealer]} dealt.", f"第{after.deal}ディール：{names[after.dealer]}が配りました。")]
        else:
            lines = [said(f"{who} played {card_words(action.card)}.", f"{who}が{card_words(action.card)}を出しました。")]
        if sum(after.tricks) > sum(before.tricks):
            taker = names[after.leader]
            lines.append(said(f"{taker} took the trick.", f"{taker}がトリックを取りました。"))
        return lines

    def opening(self, view, seat, names=None):
        names = names or self.seat_names(seat)
        elder = names[1 - view.dealer]
        verbs = "set the stake and lead" if view.dealer != seat else "sets the stake and leads"
        return [said(f"Deal {view.deal}: three cards each. {elder} {verbs}.",
                     f"第{view.deal}ディール：3枚ずつ配られました。{elder}が賭け点を決めてリードします。")]

    def hint_reason(self, view, seat, action):
        if action.kind == "next":
            return said("The deal is over.", "このディールは終わりました。")
        if action.kind == "stop":
            return said("The stake broke the limit.", "賭け点が制限を破っています。")
        if action.kind == "stake":
            return said("A careful player stakes little.", "慎重な人は小さく賭けます。")
        return said("The club player plays its highest card.", "クラブの打ち手はいちばん強い札を出します。")

    def deal_summary(self, view, seat, names=None):
        if view.phase not in ("end", "over"):
            return None
        names = names or self.seat_names(seat)
        score = view.history[-1].scores[0]
        return {"deal": view.history[-1].deal, "winner": names[score.seat], "points": score.points, "mine": score.seat == seat,
                "rule": score.rule, "title": str(RULES[score.rule].title)}

    def quiz_facts(self, game, before, after, seat):
        winner = game.quiz_winner(before, after)
        return {} if winner is None else {"trick-winner": "me" if winner == seat else "opponent"}

    def phase_text(self, view, seat):
        en, ja = PHASES[view.phase]
        return said(en, ja)


UI = ToyUI()
