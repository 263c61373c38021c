"""How the site speaks about Klaberjass (Bela): rule explanations, the bidding and declaration words,
the board seen from one seat, the story of a deal, the club player's reasons and the score sheets."""

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext, pgettext, pgettext_lazy

from games.engine.actions import Action

from . import GameUI, RuleText, TargetText, join_sentences

PACK = "french"
SUIT_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUITS = "SHDC"


# --- words ----------------------------------------------------------------------------------------
def suit_name(suit):
    from games.cardnames import FRENCH_SUITS

    return str(FRENCH_SUITS[suit])


def _card(code):
    from games.cardnames import card_in_sentence

    return card_in_sentence(code, PACK)


def _cards(cards):
    return pgettext("list separator", ", ").join(_card(c) for c in cards)


def _rank_word(rank):
    from games.cardnames import FRENCH_COURTS, NUMBER_RANKS

    return str({**NUMBER_RANKS, **FRENCH_COURTS}[rank])


def run_text(run):
    """A sequence in words: "ace–jack of hearts"."""
    return pgettext("sequence", "%(top)s–%(low)s of %(suit)s") % {
        "top": _rank_word(run[0][0]).lower(), "low": _rank_word(run[-1][0]).lower(),
        "suit": suit_name(run[0][1])}


# What a player says in the declarations (the game's own dialogue), and the answers.
WORDS = {
    "none": pgettext_lazy("klaberjass declaration", "No sequence."),
    "20": pgettext_lazy("klaberjass declaration", "Twenty."),
    "50": pgettext_lazy("klaberjass declaration", "Fifty."),
    "trumps": pgettext_lazy("klaberjass declaration", "In trumps."),
    "plain": pgettext_lazy("klaberjass declaration", "Not in trumps."),
    "good": pgettext_lazy("klaberjass declaration", "Good."),
    "not-good": pgettext_lazy("klaberjass declaration", "Not good."),
    "equal": pgettext_lazy("klaberjass declaration", "Equal."),
}


def word_text(word):
    """What a declaration word sounds like at the table: "Fifty.", "Ace high.", "Not good."."""
    if word in WORDS:
        return str(WORDS[word])
    if word.startswith("top-"):
        return pgettext("klaberjass declaration", "%(rank)s high.") % {"rank": _rank_word(word[4:])}
    if word.startswith("len-"):
        return pgettext("klaberjass declaration", "%(n)s cards.") % {"n": word[4:]}
    return word


class WordsRuleText(RuleText):
    """A rule text whose facts include declaration words (said, allowed, announced): they are put
    into words before the text is filled."""

    def explain(self, args):
        from games.klaberjass.rules import REPLIES

        words = dict(args)
        for key in ("said", "announced", "allowed"):
            value = words.get(key)
            if isinstance(value, str):
                parts = [p.strip() for p in value.split(pgettext("list separator", ", "))]
                known = [p for p in parts if p in WORDS or p in REPLIES or p[:4] in ("top-", "len-")]
                if known and len(known) == len(parts):
                    quoted = [pgettext("klaberjass declaration", "“%(words)s”") % {"words": word_text(p)}
                              for p in parts]
                    words[key] = pgettext("list separator", ", ").join(quoted)
        return super().explain(words)


# --- the rule book in words -----------------------------------------------------------------------
RULES = {
    "klaberjass.deal.first-dealer": RuleText(
        _("The first dealer"),
        _("Both players cut; the lower card deals the first deal (7 lowest, ace highest). After that the "
          "deal alternates."),
    ),
    "klaberjass.deal.first-round": RuleText(
        _("The first round of the deal"),
        _("Each player gets three cards and then three more, the non-dealer first; the next card is turned "
          "face up across the stock and proposes its suit as trumps."),
    ),
    "klaberjass.deal.second-round": RuleText(
        _("The second round of the deal"),
        _("Once trumps are fixed each player gets three more cards, nine in all; the bottom card of the "
          "stock is turned face up, for information only."),
    ),
    "klaberjass.deal.annulled": RuleText(
        _("An annulled deal"),
        _("When both players pass in both rounds the deal is thrown in and the other player deals."),
    ),
    "klaberjass.turn.order": RuleText(
        _("Whose turn"),
        _("It is not your turn: wait for the other player."),
    ),
    "klaberjass.turn.phase": RuleText(
        _("One decision at a time"),
        _("That is not a decision of this moment of the deal."),
    ),
    "klaberjass.card.in-hand": RuleText(
        _("Only your own cards"),
        _("You do not hold the %(card)s."),
    ),
    "klaberjass.bid.accept": RuleText(
        _("The first round of bidding"),
        _("In the first round the non-dealer, then the dealer, either accepts the turned suit as trumps or "
          "passes."),
    ),
    "klaberjass.bid.name": RuleText(
        _("The second round of bidding"),
        _("In the second round a player may name one of the three other suits as trumps, or pass."),
        reasons={
            "turned-suit": _("The %(turned)s proposed that suit in the first round and both passed "
                             "it: in the second round only one of the three other suits may be named."),
            "no-suit": _("Name a suit: spades, hearts, diamonds or clubs."),
        },
    ),
    "klaberjass.bid.maker": RuleText(
        _("The maker"),
        _("Whoever accepts or names trumps is the maker and must finish the deal with more points than the "
          "opponent."),
    ),
    "klaberjass.bid.schmeiss": RuleText(
        _("Schmeiss"),
        _("Under the schmeiss variant a player may offer to throw the deal in; if the other refuses, the "
          "turned suit is trumps and the schmeisser is the maker."),
        reasons={"variant-off": _("Schmeiss is a variant, and it is not in play at this table.")},
    ),
    "klaberjass.dix.exchange": RuleText(
        _("The dix"),
        _("When the turned suit is trumps, the holder of its seven may exchange it for the turned card."),
        reasons={"not-held": _("Only the holder of the %(seven)s may exchange it for the %(turned)s, and you "
                               "do not hold it.")},
    ),
    "klaberjass.dix.window": RuleText(
        _("When the dix is made"),
        _("The exchange is made after the second round of the deal and before the sequences are compared."),
    ),
    "klaberjass.dix.sequence-seven": RuleText(
        _("A seven in your own sequence"),
        _("Your %(seven)s belongs to the sequence you scored (%(sequence)s): it cannot be exchanged away "
          "after the declarations."),
    ),
    "klaberjass.sequence.run": RuleText(
        _("Sequences"),
        _("Three or more cards of one suit in a row (A K Q J 10 9 8 7) make a sequence: three are worth 20, "
          "four or more 50."),
    ),
    "klaberjass.sequence.compare": RuleText(
        _("Comparing sequences"),
        _("Of the two best sequences only the better one scores: the higher value wins, then the higher top "
          "card, then a sequence in trumps."),
    ),
    "klaberjass.sequence.longer": RuleText(
        _("Longer sequences (variant)"),
        _("Under this variant, between two sequences worth 50 the longer one wins before the top cards are "
          "compared."),
    ),
    "klaberjass.sequence.dead-tie": RuleText(
        _("Equal sequences"),
        _("When the best sequences are equal in value, top card and trumps, neither player scores for "
          "sequences."),
    ),
    "klaberjass.sequence.score": RuleText(
        _("Scoring sequences"),
        _("The holder of the better sequence shows all his sequences and scores each of them; the other "
          "scores none."),
    ),
    "klaberjass.sequence.require-trick": RuleText(
        _("Sequences need a trick (variant)"),
        _("Under this variant a player who takes no trick scores nothing for his sequences."),
    ),
    "klaberjass.declare.announce": WordsRuleText(
        _("Announcing a sequence"),
        _("What you announce must be true: here you may say %(allowed)s."),
    ),
    "klaberjass.declare.reply": WordsRuleText(
        _("Answering an announcement"),
        _("Your answer to %(announced)s must be true: here you may say %(allowed)s."),
    ),
    "klaberjass.play.lead": RuleText(
        _("The lead"),
        _("The non-dealer leads to the first trick; whoever wins a trick leads to the next."),
    ),
    "klaberjass.play.follow-suit": RuleText(
        _("Follow suit"),
        _("You hold %(follow_with)s: you must follow the suit of the %(led)s."),
    ),
    "klaberjass.play.overtrump": RuleText(
        _("Play a higher trump"),
        _("A trump was led, and you hold a higher one than the %(led)s (%(higher)s): you must play it."),
    ),
    "klaberjass.play.must-trump": RuleText(
        _("Trump when void"),
        _("You have no card of the suit led (%(led)s), so you must play a trump: %(trump_with)s."),
    ),
    "klaberjass.trick.winner": RuleText(
        _("Who takes the trick"),
        _("The higher trump takes the trick; with no trump in it, the higher card of the suit led."),
    ),
    "klaberjass.trick.rank": RuleText(
        _("The order of the cards"),
        _("Trumps rank J 9 A 10 K Q 8 7 (the jass and the menel on top); the other suits A 10 K Q J 9 8 7."),
    ),
    "klaberjass.bella.announce": RuleText(
        _("Bella"),
        _("The holder of the king and queen of trumps scores 20 by saying bella as he plays the second of "
          "them."),
        reasons={
            "not-king-or-queen": _("Bella is said only with the king or the queen of trumps, not with the "
                                   "%(card)s."),
            "not-second": _("Bella is said with the second of the pair: play the %(other)s first, "
                            "then say it with the %(card)s."),
        },
    ),
    "klaberjass.score.card-points": RuleText(
        _("Card points"),
        _("Cards taken in tricks count: jass 20, menel 14, aces 11, tens 10, kings 4, queens 3, "
          "other jacks 2; 152 in all."),
    ),
    "klaberjass.score.last-trick": RuleText(
        _("The last trick"),
        _("Whoever takes the ninth trick scores 10 more."),
    ),
    "klaberjass.score.made": RuleText(
        _("The maker makes it"),
        _("Each total is card points, sequences, bella and last trick; when the maker's total is higher, "
          "both players score their own."),
    ),
    "klaberjass.score.tie": RuleText(
        _("Equal totals"),
        _("When the totals are equal the maker scores nothing and the opponent scores his own total."),
    ),
    "klaberjass.score.bete": RuleText(
        _("Bête"),
        _("When the maker's total is lower he is bête: he scores nothing, and the opponent scores both "
          "totals."),
    ),
    "klaberjass.match.target": RuleText(
        _("The target"),
        _("At the end of a deal a player with 500 or more wins the match; if both have, the higher total "
          "wins."),
    ),
    "klaberjass.match.equal-at-target": RuleText(
        _("Equal at the target"),
        _("If both players pass the target with equal totals, another deal is played."),
    ),
    "klaberjass.match.next-deal": RuleText(
        _("The next deal"),
        _("After each deal the other player deals."),
    ),
    "klaberjass.match.over": RuleText(
        _("Match over"),
        _("The match is over: nothing more can be played."),
    ),
}

PHASES = {
    "bid1": _("First round of bidding: take the turned suit as trumps, or pass."),
    "schmeiss": _("A schmeiss: throw the deal in, or refuse and play with the turned suit as trumps."),
    "bid2": _("Second round of bidding: name another suit as trumps, or pass."),
    "dix": _("The dix: the holder of the seven of trumps may exchange it for the turned card."),
    "declare": _("Sequences: the non-dealer announces, the dealer answers."),
    "play": _("Trick play."),
    "end": _("The deal is over."),
    "over": _("The match is over."),
}

LEVEL_LABELS = {
    "beginner": _("Beginner: takes trumps with the jack or three of a suit, plays its highest card"),
    "club": _("Club player: weighs its hand, draws trumps, wins tricks cheaply, counts cards"),
    "expert": _("Expert: plays each decision out over the deals it cannot see"),
}

OPTIONS = {
    "target": (_("Target score"), {500: _("500 points"), 501: _("501 points")}),
    "schmeiss": (_("Schmeiss"), {
        False: _("off: in the first round you accept or pass"),
        True: _("on: you may also offer to throw the deal in"),
    }),
    "dix_until_first_card": (_("The dix"), {
        False: _("before the sequences are compared"),
        True: _("until the first card is played"),
    }),
    "longer_sequence_wins": (_("Between two sequences of 50"), {
        False: _("the higher top card wins, whatever the length"),
        True: _("the longer one wins first"),
    }),
    "melds_require_trick": (_("Sequences without a trick"), {
        False: _("count even for a player who takes no trick"),
        True: _("count only for a player who takes a trick"),
    }),
    "auto_declare": (_("Declaring sequences"), {
        True: _("compared for you"),
        False: _("said aloud, word by word"),
    }),
}


def seat_names(viewer, players=2):
    """How the two seats are called from the viewer's side."""
    return {viewer: str(_("You")), 1 - viewer: str(_("Your opponent"))}


def _viewer(names, viewer):
    """The seat told in the second person: `viewer`, or failing that the seat named "You"."""
    if viewer is not None:
        return viewer
    you = str(_("You"))
    return next((s for s, n in names.items() if n == you), None)


# --- the story of a deal --------------------------------------------------------------------------
def _say(me, you_text, they_text, **facts):
    """One sentence in the right person: `you_text` for the viewer, `they_text` for another."""
    return str((you_text if me else they_text) % facts)


def narrate(game, before, seat, action, after, names=None, viewer=None):
    """What happened, in sentences of the page language; reveals nothing the viewer cannot see.
    The viewer's own actions are told in the second person ("You play…"), the other's in the third
    ("Your opponent plays…")."""
    names = names or seat_names(seat if viewer is None else viewer)
    viewer = _viewer(names, viewer)
    who = names[seat]
    me = seat == viewer
    kind = action.kind
    out = []
    if kind == "accept":
        out.append(_say(me, _("You accept %(suit)s as trumps: you are the maker."),
                        _("%(player)s accepts %(suit)s as trumps and is the maker."),
                        player=who, suit=suit_name(before.turned_suit)))
    elif kind == "pass":
        out += _pass_lines(before, seat, after, names, me)
    elif kind == "name":
        out.append(_say(me, _("You name %(suit)s as trumps: you are the maker."),
                        _("%(player)s names %(suit)s as trumps and is the maker."),
                        player=who, suit=suit_name(action.choice)))
    elif kind == "schmeiss":
        out.append(_say(me, _("You say “schmeiss”: throw the deal in, or play with %(suit)s as trumps?"),
                        _("%(player)s says “schmeiss”: throw the deal in, or play with %(suit)s as "
                          "trumps?"),
                        player=who, suit=suit_name(before.turned_suit)))
    elif kind == "throw-in":
        out.append(_say(me, _("You throw the deal in."), _("%(player)s throws the deal in."), player=who))
    elif kind == "refuse":
        out.append(_say(me, _("You refuse the schmeiss: %(suit)s are trumps and your opponent is the maker."),
                        _("%(player)s refuses the schmeiss: %(suit)s are trumps and you are the maker."),
                        player=who, suit=suit_name(before.turned_suit)))
    elif kind == "dix":
        out.append(_say(me, _("You exchange the %(seven)s for the %(card)s: the dix."),
                        _("%(player)s exchanges the %(seven)s for the %(card)s: the dix."),
                        player=who, seven=_card("7" + before.trumps), card=_card(before.proposal)))
    elif kind in ("declare", "reply"):
        out.append(str(_("%(player)s: “%(words)s”") % {"player": who, "words": word_text(action.choice)}))
    elif kind == "play":
        out += _play_lines(before, seat, action, after, names, viewer)
    elif kind == "next":
        out += _deal_lines(after, names, viewer)
    if after.trumps is not None and before.trumps is None:
        out += _second_round_lines(after)
    if after.declared and not before.declared:
        said = before.said if kind in ("declare", "reply") else ()
        out += _declaration_lines(after, names, viewer, said=said)
    if after.phase == "dix" and before.phase != "dix" and after.dix is None:
        if after.declared:
            text = _("Until the first card is played, whoever holds the %(seven)s may still exchange it for "
                     "the %(card)s (the dix).")
        else:
            text = _("Whoever holds the %(seven)s may now exchange it for the %(card)s (the dix).")
        out.append(str(text % {"seven": _card("7" + after.trumps), "card": _card(after.proposal)}))
    if after.phase == "end" and before.phase != "end" and after.history and after.history[-1].annulled:
        out.append(str(_("The deal is annulled: nobody scores, and the other player deals the next one.")))
    if after.phase == "play" and before.phase != "play" and not after.won[0] and not after.won[1]:
        out.append(_say(after.nondealer == viewer, _("You lead to the first trick."),
                        _("%(player)s leads to the first trick."), player=names[after.nondealer]))
    if after.phase == "over" and before.phase != "over":
        winner = 0 if after.scores[0] > after.scores[1] else 1
        out.append(_say(winner == viewer, _("You win the match, %(a)s to %(b)s."),
                        _("%(player)s wins the match, %(a)s to %(b)s."),
                        player=names[winner], a=after.scores[winner], b=after.scores[1 - winner]))
    return [str(s) for s in out]


def _pass_lines(before, seat, after, names, me):
    who = names[seat]
    if before.phase == "dix":
        if me and ("7" + before.trumps) not in before.hands[seat]:
            return [str(_("You have no seven of trumps: no dix for you."))]
        return [_say(me, _("You keep your cards: no dix."), _("%(player)s makes no dix."), player=who)]
    out = [_say(me, _("You pass."), _("%(player)s passes."), player=who)]
    if before.phase == "bid1" and after.phase == "bid2":
        out.append(str(_("Both passed %(suit)s: in the second round another suit may be named.")
                       % {"suit": suit_name(before.turned_suit)}))
    if after.phase == "end" and before.phase == "bid2":
        out.append(str(_("Both players passed in both rounds.")))
    return out


def _second_round_lines(state):
    return [str(_("Three more cards each. The bottom card of the stock is turned up: the %(card)s.")
                % {"card": _card(state.bottom[0])})] if state.bottom else []


def _declaration_lines(state, names, viewer, said=()):
    """The declarations once compared: the dialogue (unless it was said move by move) and who scores
    what for sequences."""
    out = []
    if not said and state.options.auto_declare:
        said_aloud = [str(_("%(player)s: “%(words)s”") % {"player": names[s], "words": word_text(w)})
                      for s, w in state.said]
        if said_aloud:
            line = said_aloud[0]
            for words in said_aloud[1:]:  # a dash between the lines in English; in Japanese each ends in 。
                line = pgettext("klaberjass dialogue", "%(said)s — %(next)s") % {"said": line, "next": words}
            out.append(line)
    w = state.seq_winner
    if w is None:
        if state.said and state.said[0][1] == "none":
            out.append(str(_("No sequence is announced: nobody scores for sequences.")))
        else:
            out.append(str(_("The best sequences are equal in every way: neither player scores for "
                             "sequences.")))
        return out
    points = sum(20 if len(r) == 3 else 50 for r in state.melds)
    runs = pgettext("list separator", ", ").join(run_text(r) for r in state.melds)
    out.append(_say(w == viewer, _("You show %(runs)s and score %(points)s for sequences."),
                    _("%(player)s shows %(runs)s and scores %(points)s for sequences."),
                    player=names[w], runs=runs, points=points))
    return out


def _play_lines(before, seat, action, after, names, viewer):
    who = names[seat]
    me = seat == viewer
    card = action.card
    out = []
    if action.choice == "bella":
        out.append(_say(me, _("You play the %(card)s and say “bella”: 20 points."),
                        _("%(player)s plays the %(card)s and says “bella”: 20 points."), player=who,
                        card=_card(card)))
    else:
        out.append(_say(me, _("You play the %(card)s."), _("%(player)s plays the %(card)s."), player=who,
                        card=_card(card)))
    if before.trick and after.deal == before.deal:
        winner = after.leader
        last = after.phase in ("end", "over")
        if last:
            out.append(_say(winner == viewer, _("You take the last trick: 10 more."),
                            _("%(player)s takes the last trick: 10 more."), player=names[winner]))
        else:
            out.append(_say(winner == viewer, _("You take the trick."), _("%(player)s takes the trick."),
                            player=names[winner]))
        if last and after.history:
            out += result_lines(after.history[-1], names, viewer)
    return out


def result_lines(record, names, viewer):
    """The deal's totals and what the maker's result makes of them, in sentences: told to the
    maker, to his opponent, or (no viewer) about both."""
    maker, opp = record.maker, 1 - record.maker
    mt, ot = record.totals[maker], record.totals[opp]
    facts = {"player": names[maker], "other": names[opp], "mt": mt, "ot": ot, "sum": mt + ot}
    if record.bete:
        texts = (_("You are bête: %(mt)s against %(ot)s. You score nothing and your opponent scores both "
                   "totals, %(sum)s."),
                 _("%(player)s is bête: %(mt)s against %(ot)s. %(player)s scores nothing and you score both "
                   "totals, %(sum)s."),
                 _("%(player)s is bête: %(mt)s against %(ot)s. %(player)s scores nothing and "
                   "%(other)s scores both totals, %(sum)s."))
    elif record.tie:
        texts = (_("Equal totals, %(mt)s each. As the maker you score nothing, and your opponent "
                   "scores %(ot)s."),
                 _("Equal totals, %(mt)s each. %(player)s, the maker, scores nothing and you score %(ot)s."),
                 _("Equal totals, %(mt)s each. %(player)s, the maker, scores nothing and %(other)s scores "
                   "%(ot)s."))
    else:
        texts = (_("You make it: %(mt)s against %(ot)s. You score %(mt)s and your opponent scores %(ot)s."),
                 _("%(player)s makes it: %(mt)s against %(ot)s. %(player)s scores %(mt)s and you "
                   "score %(ot)s."),
                 _("%(player)s makes it: %(mt)s against %(ot)s. %(player)s scores %(mt)s and "
                   "%(other)s scores %(ot)s."))
    text = texts[0] if maker == viewer else texts[1] if opp == viewer else texts[2]
    return [str(text % facts)]


def _deal_lines(state, names, viewer):
    """Who deals and which card is turned, at the start of a deal."""
    facts = {"deal": state.deal, "player": names[state.dealer], "card": _card(state.proposal),
             "suit": suit_name(state.turned_suit)}
    return [_say(state.dealer == viewer, _("Deal %(deal)s. You deal and turn up the %(card)s, "
                                           "proposing %(suit)s as trumps."),
                 _("Deal %(deal)s. %(player)s deals and turns up the %(card)s, proposing %(suit)s "
                   "as trumps."),
                 **facts)]


def opening(view, seat, names=None):
    """The first lines of a deal's story, told to `seat`."""
    return [str(line) for line in _deal_lines(view, names or seat_names(seat), seat)]


# --- the board --------------------------------------------------------------------------------------
def _trumps(suit):
    if suit is None:
        return None
    return {"suit": suit, "sign": SUIT_SIGNS[suit], "name": suit_name(suit)}


def _tricks(view, names):
    """Every finished trick in the order played: (leader's name, led, follower's name, second,
    winner's name). Who led follows from who won and whether the card led won."""
    from games.klaberjass.rules import beats

    out = []
    for winner in (0, 1):
        pile = view.won[winner]
        for i in range(0, len(pile), 2):
            led, second = pile[i], pile[i + 1]
            leader = 1 - winner if beats(second, led, view.trumps) else winner
            out.append({"winner": winner, "leader": leader, "cards": (led, second)})
    return out


# What a lesson, example or puzzle may leave off its board when its step is not about it: how many
# tricks each player has taken, and the cards taken in them (a counting step shows them).
BOARD_FACTS = {"tricks": ("tricks",), "won": ("won",)}


def board(view, seat, names=None):
    """What the Klaberjass board shows from one seat, for templates/games/klaberjass/board.html.
    It shows what is on the table (hands, the turned card, the stock's bottom card, the trick, the
    tricks taken, the words said, the cards shown) and never a total: the deal's score is told by
    the narration and the score sheet, so a board can stand before a question about it. A fact of
    BOARD_FACTS a learning page leaves out comes as None."""
    from games.klaberjass.rules import sorted_hand

    names = names or seat_names(seat)
    other = 1 - seat
    trumps = view.trumps
    phase = view.phase
    said = [{"player": names[s], "mine": s == seat, "words": word_text(w)} for s, w in view.said]
    melds = None
    if view.declared:
        w = view.seq_winner
        melds = {
            "winner": names[w] if w is not None else None,
            "mine": w == seat,
            "runs": [{"cards": run, "points": 20 if len(run) == 3 else 50} for run in view.melds],
            "points": sum(20 if len(r) == 3 else 50 for r in view.melds),
            "nobody_said": bool(view.said) and view.said[0][1] == "none",
        }
    won = {"me": view.won[seat], "other": view.won[other]}
    last = None
    if phase in ("play", "end", "over") and not view.trick and (view.won[0] or view.won[1]):
        # The trick just taken: its winner leads the next, so he is view.leader.
        winner = view.leader
        led, second = view.won[winner][-2:]
        tricks = _tricks(view, names)
        mine = [t for t in tricks if t["winner"] == winner]
        first = mine[-1]["leader"]
        last = {"cards": [(names[first], led), (names[1 - first], second)], "winner": names[winner],
                "mine": winner == seat, "final": phase in ("end", "over")}
    annulled = phase in ("end", "over") and bool(view.history) and view.history[-1].annulled \
        and view.history[-1].deal == view.deal
    return {
        "seat": seat,
        "names": names,
        "me": names[seat],
        "other": names[other],
        "phase": phase,
        "phase_text": phase_text(view, seat),
        "deal": view.deal,
        "i_deal": view.dealer == seat,
        "maker": (names[view.maker] if view.maker is not None else None),
        "i_make": view.maker == seat,
        "other_makes": view.maker == other,
        "trumps": _trumps(trumps),
        "turned_suit": _trumps(view.turned_suit),
        "proposal": view.proposal,
        "bidding": phase in ("bid1", "schmeiss", "bid2") or (phase in ("end", "over") and trumps is None),
        "bottom": view.bottom[0] if view.bottom else None,
        "stock": len(view.stock) + len(view.bottom),
        "hand": view.hands[seat],
        "other_hand": sorted_hand(view.hands[other], trumps),
        "trick": [(names[view.leader], view.trick[0])] if view.trick else [],
        "last_trick": last,
        "tricks": {"me": len(view.won[seat]) // 2, "other": len(view.won[other]) // 2},
        "won": won,
        # Open once the deal is over, and for its last trick: the time to count.
        "won_open": phase in ("end", "over") or (phase == "play" and len(view.hands[seat]) <= 1),
        "said": said,
        "melds": melds,
        "dix": ({"player": names[view.dix], "mine": view.dix == seat, "card": view.taken}
                if view.dix is not None else None),
        "bella": (names[view.bella] if view.bella is not None else None),
        "bella_mine": view.bella == seat,
        "annulled": annulled,
        "hand_zone": f"hand.{seat}",
        "deal_over": phase in ("end", "over"),
        "show_tricks": trumps is not None and phase in ("play", "end", "over"),
        "other_open": bool(view.hands[other]) and None not in view.hands[other],
    }


# --- the controls of a decision ----------------------------------------------------------------------
def _label(kind, state, seat, action=None):
    if kind == "accept":
        return gettext("Take %(suit)s as trumps") % {"suit": suit_name(state.turned_suit)}
    if kind == "pass":
        if state.phase == "dix":
            if ("7" + state.trumps) in state.hands[seat]:
                return gettext("Keep my cards (no dix)")
            return gettext("Go on (I have no seven of trumps)")
        return pgettext("klaberjass action", "Pass")
    if kind == "schmeiss":
        return gettext("Schmeiss: offer to throw the deal in")
    if kind == "throw-in":
        return gettext("Throw the deal in")
    if kind == "refuse":
        return gettext("Refuse: play with %(suit)s as trumps") % {"suit": suit_name(state.turned_suit)}
    if kind == "dix":
        return gettext("Exchange my %(seven)s for the %(card)s") % {"seven": _card("7" + state.trumps),
                                                                "card": _card(state.proposal)}
    if kind == "next":
        return pgettext("klaberjass action", "Next deal")
    if kind in ("declare", "reply"):
        return gettext("Say “%(words)s”") % {"words": word_text(action.choice).rstrip(".")}
    return kind


def controls(game, state, seat, only_legal=False):
    """The decisions open to `seat`, and only those the position really offers: the bids (a suit to
    name never includes the one already turned down), the dix only to the holder of the seven, the
    words a player may truthfully say, every card of the hand (with only_legal=False a forbidden
    card may be tried, and the engine says which rule stands in the way), and, on the second of the
    king and queen of trumps, the card says bella, and two buttons say it aloud or play it silently."""
    from games.controls import Button, CardButton, ChoiceGroup, Controls

    if seat not in game.to_move(state):
        return Controls()
    legal = set(game.legal_actions(state, seat))
    phase = state.phase
    if phase == "play":
        zone = f"hand.{seat}"
        items, bar = [], []
        for card in [c for c in state.hands[seat] if c is not None]:
            plain = Action("play", (card,))
            bella = Action("play", (card,), choice="bella")
            ok = plain in legal
            if only_legal and not ok:
                continue
            if bella in legal:
                items.append(CardButton(card, zone, bella, True))
                said = gettext("Play the %(card)s and say bella (+20)") % {"card": _card(card)}
                silent = gettext("Play the %(card)s without saying bella") % {"card": _card(card)}
                bar += [Button(bella, said), Button(plain, silent)]
            else:
                items.append(CardButton(card, zone, plain, ok))
        return Controls(items + bar)
    if phase == "bid2":
        names = [Button(Action("name", choice=s), f"{SUIT_SIGNS[s]} {suit_name(s)}",
                        Action("name", choice=s) in legal)
                 for s in SUITS if s != state.turned_suit]
        return Controls([ChoiceGroup(gettext("Name trumps"), tuple(names)),
                         Button(Action("pass"), _label("pass", state, seat), Action("pass") in legal)])
    buttons = []
    for action in game.candidate_actions(state, seat):
        if action not in legal:
            continue  # the bids, the dix and the words: only what may really be done or said
        buttons.append(Button(action, _label(action.kind, state, seat, action), True))
    return Controls(buttons)


# --- an action in words, and the club player's reasons -------------------------------------------------
def describe(view, seat, action):
    """An action as the end of a sentence ("play the king of hearts")."""
    kind = action.kind
    if kind == "play":
        if action.choice == "bella":
            return gettext("play the %(card)s and say bella") % {"card": _card(action.card)}
        return gettext("play the %(card)s") % {"card": _card(action.card)}
    if kind == "accept":
        return gettext("accept %(suit)s as trumps") % {"suit": suit_name(view.turned_suit)}
    if kind == "name":
        return gettext("name %(suit)s as trumps") % {"suit": suit_name(action.choice)}
    if kind == "pass":
        return gettext("make no dix") if view.phase == "dix" else gettext("pass")
    if kind == "dix":
        return gettext("exchange the %(seven)s for the %(card)s") % {"seven": _card("7" + view.trumps),
                                                                 "card": _card(view.proposal)}
    if kind in ("declare", "reply"):
        return gettext("say “%(words)s”") % {"words": word_text(action.choice).rstrip(".")}
    return {
        "schmeiss": gettext("say schmeiss"),
        "throw-in": gettext("throw the deal in"),
        "refuse": gettext("refuse the schmeiss"),
        "next": gettext("go on to the next deal"),
    }.get(kind, kind)


def _hand_facts(hand, trumps):
    """What makes a hand good with these trumps, in words: the jass, the menel, trump length, side
    aces."""
    parts = []
    if "J" + trumps in hand:
        parts.append(gettext("the jass"))
    if "9" + trumps in hand:
        parts.append(gettext("the menel"))
    n = sum(c[1] == trumps for c in hand)
    parts.append(ngettext("%(n)s trump", "%(n)s trumps", n) % {"n": n} if n else gettext("no trump"))
    aces = sum(c[0] == "A" and c[1] != trumps for c in hand)
    if aces:
        parts.append(ngettext("%(n)s side ace", "%(n)s side aces", aces) % {"n": aces})
    return pgettext("list separator", ", ").join(parts)


def hint_reason(view, seat, action):
    """Why the club player (games.klaberjass.bots.Club) makes this choice, in one or two sentences,
    from the tests it applies itself."""
    from games.klaberjass.bots import bid_strength, own

    hand = own(view, seat)
    kind = action.kind
    if kind == "next":
        return gettext("The deal is scored; the other player deals the next one.")
    if kind == "accept":
        return gettext("With %(suit)s as trumps you would hold %(facts)s: strong enough to be the maker.") % {
            "suit": suit_name(view.turned_suit), "facts": _hand_facts(hand, view.turned_suit)}
    if kind == "name":
        return gettext("Of the suits you may name, %(suit)s suit your hand best (%(facts)s): strong enough to "
                       "be the maker.") % {
            "suit": suit_name(action.choice), "facts": _hand_facts(hand, action.choice)}
    if kind == "pass" and view.phase == "bid1":
        return gettext("With %(suit)s as trumps you would hold %(facts)s: too little, and a maker who is "
                       "outscored loses every point of the deal. Pass, and see whether another suit comes "
                       "up.") % {
            "suit": suit_name(view.turned_suit), "facts": _hand_facts(hand, view.turned_suit)}
    if kind == "pass" and view.phase == "bid2":
        best = max((s for s in SUITS if s != view.turned_suit),
                   key=lambda s: bid_strength(hand, s, view.proposal))
        return gettext("Even with %(suit)s, your best suit, as trumps you would hold %(facts)s: too little "
                       "to be the maker.") % {"suit": suit_name(best), "facts": _hand_facts(hand, best)}
    if kind == "dix":
        return gettext("The turned card is a better trump than your seven, and the exchange costs nothing.")
    if kind == "pass" and view.phase == "dix":
        if ("7" + view.trumps) not in hand:
            return gettext("Only the holder of the seven of trumps may exchange it, and you do not hold it.")
        return gettext("Your seven belongs to a sequence that the exchange would break.")
    if kind in ("declare", "reply"):
        return gettext("Say what is true and in full: a sequence kept quiet scores nothing.")
    if kind in ("schmeiss", "throw-in", "refuse"):
        return gettext("The club player weighs the hand with the turned suit as trumps and decides by that.")
    reason = _play_reason(view, seat, action, hand)
    if action.choice == "bella":
        return join_sentences([reason, gettext("Say bella as you play it: 20 points.")])
    return reason


def _play_reason(view, seat, action, hand):
    """The branch of games.klaberjass.bots.club_card that chose this card, in words."""
    from games.klaberjass.bots import is_master, may_hold
    from games.klaberjass.rules import beats, points

    trumps = view.trumps
    card = action.card
    legal = sorted({a.card for a in view_legal(view, seat)})
    if len(legal) == 1:
        return gettext("It is the only card the rules allow here.")
    others = may_hold(view, seat)
    other_trumps = [c for c in others if c[1] == trumps]
    if not view.trick:
        if card[1] == trumps and other_trumps and is_master(card, others, trumps):
            return gettext("It is the highest trump still out: lead it to draw your opponent's trumps.")
        if card[1] != trumps and is_master(card, others, trumps):
            return gettext("No card your opponent may still hold beats it in its suit: cash it now.")
        return gettext("Nothing you hold is sure to win: lead a cheap card and keep your strength for later.")
    led = view.trick[0]
    if beats(card, led, trumps):
        if card[1] == led[1]:
            return gettext("It wins the trick and brings the most points home with it.")
        return gettext("You cannot follow suit: the smallest trump that wins is enough.")
    if any(beats(c, led, trumps) for c in legal):
        if points(led, trumps) == 0:
            return gettext("The trick holds no points: it is not worth one of your valuable trumps.")
    return gettext("You cannot win this trick: give the card that is worth least.")


def view_legal(view, seat):
    from games.klaberjass import GAME

    return GAME.legal_actions(view, seat)


# --- the end of a deal ----------------------------------------------------------------------------------
def deal_summary(view, seat, names=None):
    """The last finished deal as a score sheet (card points, last trick, sequences, bella, totals,
    what each scored and why), and the match so far deal by deal."""
    if not view.history:
        return None
    names = names or seat_names(seat)
    other = 1 - seat
    record = view.history[-1]
    sheet = _match_sheet(view, seat)
    if record.annulled:
        return {"deal": record.deal, "annulled": True, "match": sheet, "rule": "klaberjass.deal.annulled",
                "title": str(RULES["klaberjass.deal.annulled"].title), "me": names[seat],
                "other": names[other],
                "target": view.options.target}
    gained = _gained(record)

    def row(label, rule, values):
        return {"label": label, "rule": rule, "title": str(RULES[rule].title), "me": values[seat],
                "other": values[other]}

    last = [10 if record.last_trick == s else 0 for s in (0, 1)]
    bella = [20 if record.bella == s else 0 for s in (0, 1)]
    rows = [
        row(gettext("Card points"), "klaberjass.score.card-points", record.card_points),
        row(gettext("Last trick"), "klaberjass.score.last-trick", last),
        row(gettext("Sequences"), "klaberjass.sequence.score", record.sequence_points),
        row(gettext("Bella"), "klaberjass.bella.announce", bella),
    ]
    result_rule = ("klaberjass.score.bete" if record.bete else "klaberjass.score.tie" if record.tie
                   else "klaberjass.score.made")
    lost_sequences = any(s.rule == "klaberjass.sequence.require-trick" for s in record.scores)
    return {
        "deal": record.deal,
        "annulled": False,
        "me": names[seat],
        "other": names[other],
        "maker": names[record.maker],
        "i_make": record.maker == seat,
        "trumps": _trumps(record.trumps),
        "rows": rows,
        "totals": {"me": record.totals[seat], "other": record.totals[other]},
        "scored": {"me": gained[seat], "other": gained[other]},
        "result": {"rule": result_rule, "title": str(RULES[result_rule].title),
                   "text": join_sentences(result_lines(record, names, seat))},
        "lost_sequences": lost_sequences,
        "match": sheet,
        "target": view.options.target,
    }


def _gained(record):
    """What each player scored from a deal (after the maker's result)."""
    out = [0, 0]
    for s in record.scores:
        out[s.seat] += s.points
    return out


def _match_sheet(view, seat):
    """The match deal by deal: the points each scored and the running totals."""
    other = 1 - seat
    rows, me, them = [], 0, 0
    for record in view.history:
        gained = _gained(record)
        me += gained[seat]
        them += gained[other]
        rows.append({
            "deal": record.deal, "annulled": record.annulled,
            "maker": None if record.maker is None else ("me" if record.maker == seat else "other"),
            "trumps": _trumps(record.trumps), "bete": record.bete, "tie": record.tie,
            "me": gained[seat], "other": gained[other], "total_me": me, "total_other": them,
        })
    return rows


# --- quiz facts -------------------------------------------------------------------------------------------
def quiz_facts(game, before, after, seat):
    """What a lesson quiz may ask about a position (after its line, if any):

    trick-winner    me / opponent: who took the trick the line finished
    maker           me / opponent, once trumps are fixed; trumps: S H D C
    sequence-winner me / opponent / nobody: whose sequences score, once compared, or (both hands
                    known, before the comparison) whose will when both declare in full
    sequence-score  "me:70" / "opponent:20" / "nobody": what that player scores for sequences
    totals          "me:N opponent:M", each total of a finished deal (before the maker's result)
    deal-points     "me:N opponent:M", what each scores from a finished deal
    result          made / tie / bete / annulled, for a finished deal
    """
    facts = {}
    who = lambda s: "me" if s == seat else "opponent"  # noqa: E731
    if after.deal == before.deal and after.trumps is not None:
        taken = [s for s in (0, 1) if len(after.won[s]) > len(before.won[s])]
        if taken:
            facts["trick-winner"] = who(taken[0])
    if after.maker is not None:
        facts["maker"] = who(after.maker)
        facts["trumps"] = after.trumps
    winner, melds = None, None
    if after.declared:
        winner, melds = after.seq_winner, after.melds
    elif after.trumps is not None and after.phase in ("dix", "declare") and not any(
            c is None for hand in after.hands for c in hand):
        # Before the comparison, with both hands known: who will score when both declare in full.
        from games.klaberjass.rules import auto_dialogue, runs

        nd = after.nondealer
        _said, winner = auto_dialogue(after.hands[nd], after.hands[1 - nd], nd, after.trumps,
                                      after.options.longer_sequence_wins)
        melds = runs(after.hands[winner]) if winner is not None else ()
    if melds is not None:
        facts["sequence-winner"] = "nobody" if winner is None else who(winner)
        points = sum(20 if len(r) == 3 else 50 for r in melds) if winner is not None else 0
        facts["sequence-score"] = "nobody" if winner is None else f"{who(winner)}:{points}"
    if after.phase in ("end", "over") and after.history and after.history[-1].deal == after.deal:
        record = after.history[-1]
        if record.annulled:
            facts["result"] = "annulled"
        else:
            gained = _gained(record)
            facts["totals"] = f"me:{record.totals[seat]} opponent:{record.totals[1 - seat]}"
            facts["deal-points"] = f"me:{gained[seat]} opponent:{gained[1 - seat]}"
            facts["result"] = "bete" if record.bete else "tie" if record.tie else "made"
    return facts


def phase_text(view, seat):
    """One line saying what is being decided now."""
    phase = view.phase
    if phase == "bid1":
        return gettext("First round of bidding: take %(suit)s (the turned suit) as trumps, or pass.") % {
            "suit": suit_name(view.turned_suit)}
    if phase == "bid2":
        return gettext("Second round of bidding: name a suit other than %(suit)s as trumps, or pass.") % {
            "suit": suit_name(view.turned_suit)}
    if phase == "play":
        return gettext("Trick play: %(suit)s are trumps.") % {"suit": suit_name(view.trumps)}
    if phase == "declare":
        if seat == view.nondealer:
            return gettext("Sequences: announce your best sequence, or say you have none.")
        return gettext("Sequences: answer your opponent's announcement.")
    return str(PHASES[phase])

# Homework targets for a deal (the engine's deal_targets).
TARGETS = {
    "make-your-bid": TargetText(
        _("Make your bid"),
        _("As the maker, you ended with the higher total: your bid is made."),
        _("As the maker, you did not end with the higher total: your bid failed."),
    ),
    "beat-the-maker": TargetText(
        _("Beat the maker (bête)"),
        _("Your total beat the maker's: the maker is bête."),
        _("The maker's total was not lower than yours."),
    ),
    "win-the-deal": TargetText(
        _("Win the deal"),
        _("You scored more points than your opponent in this deal."),
        _("You did not score more points than your opponent in this deal."),
    ),
}


class KlaberjassUI(GameUI):
    """Klaberjass as the web layer sees it: the module's functions above, declared as its parts."""

    slug = "klaberjass"
    pack = PACK
    rules = RULES
    options = OPTIONS
    targets = TARGETS
    level_labels = LEVEL_LABELS
    hint_level = "expert"  # it answers within HINT_BUDGET (manage.py bench)
    seat_names = staticmethod(seat_names)
    board = staticmethod(board)
    controls = staticmethod(controls)
    narrate = staticmethod(narrate)
    opening = staticmethod(opening)
    describe = staticmethod(describe)
    hint_reason = staticmethod(hint_reason)
    deal_summary = staticmethod(deal_summary)
    quiz_facts = staticmethod(quiz_facts)
    phase_text = staticmethod(phase_text)
    board_facts = BOARD_FACTS


UI = KlaberjassUI()
