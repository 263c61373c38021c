"""The Frepe expert: it weighs its choices in chips over deals dealt from its view alone."""

from games.engine.actions import Action
from games.engine.rng import rng_for
from games.frepe import GAME
from games.frepe.bots import LEVELS

JUNK = ("frepe o=a1.t0.x0.r1.w0.p0.s1.d0 seed=s12 p=6 n=1 d=1 bal=-1,-1,-1,-1,-1,-1 pot=6 "
        "pd=2p1a,3p1a,4p1a,5p1a,0p1a,1p1a ph=declare to=2 st=?p???? tc=3D tk=1 "
        "h=AS5S2S7H6C/AD3D5D4D2D/7S4S6H2H7C/3SJSAHKCJD/3HJH4H2C6D/5H5C4CKD7D ps=-/-/-/-/-/- dc=-/QC/-/-/-/- "
        "sk=KSQHAC6SKHQDQSJC3C tr=- ld=2 dn=- hist=-")


def expert():
    return LEVELS["expert"](GAME)


def test_a_hand_without_a_trump_or_a_high_card_passes():
    """Seat 2 holds 7S 4S 6H 2H 7C with diamonds trumps and the dealer holding five of them: playing
    risks frepe for nothing, and the expert's deals say so."""
    state = GAME.from_text(JUNK)
    view = GAME.view(state, 2)
    values = expert().values(view, 2, rng_for("t", 1))
    means = {a: sum(v) / len(v) for a, v in values.samples.items()}
    assert values.unit == "chips"
    assert means[Action("declare", choice="pass")] > means[Action("declare", choice="play")]
    assert expert().choose(view, 2, rng_for("t", 1)) == Action("declare", choice="pass")


def test_values_come_from_the_view_alone_and_the_same_rng_gives_the_same_values():
    """Two states that differ only in cards seat 2 cannot see give it the same view, so the same
    values; every action is weighed in the same deals."""
    state = GAME.from_text(JUNK)
    view = GAME.view(state, 2)
    other = GAME.determinize(view, 2, rng_for("another", 7))
    assert GAME.to_text(other) != GAME.to_text(state)
    assert GAME.to_text(GAME.view(other, 2)) == GAME.to_text(view)
    a = expert().values(view, 2, rng_for("t", 3))
    b = expert().values(GAME.view(other, 2), 2, rng_for("t", 3))
    assert a == b
    assert len({len(v) for v in a.samples.values()}) == 1 and a.worlds == expert().worlds


def test_the_expert_weighs_every_card_in_the_tricks_and_a_few_exchanges():
    """In the tricks every legal card is weighed; in the exchange one set of discards per number
    of cards (the weakest that many), within the exchange's bounds."""
    bot, club = expert(), LEVELS["club"](GAME)
    rng = rng_for("t", 4)
    state = GAME.new("w1", 7)
    seen = set()
    while GAME.to_move(state) and len(seen) < 2:
        seat = min(GAME.to_move(state))
        view = GAME.view(state, seat)
        legal = GAME.legal_actions(view, seat)
        if len(legal) > 1 and state.phase in ("play", "exchange") and state.phase not in seen:
            weighed = set(bot.values(view, seat, rng).samples)
            if state.phase == "play":
                assert weighed == set(legal)
            else:
                least, most = GAME.exchange_bounds(view, seat)
                assert sorted(len(a.cards) for a in weighed) == list(range(least, most + 1))
            seen.add(state.phase)
        state = GAME.apply(state, seat, club.choose(view, seat, rng))
    assert seen == {"play", "exchange"}


ENDING = ("frepe o=a1.t0.x0.r1.w0.p0.s1.d0 seed=e0 p=5 n=5 d=1 bal=5,-5,10,0,-15 pot=5 pd=2p1a,3p1a,4p1a,0p1a,1p1a "
          "ph=play to=- st=xpxpp tc=5C tk=0 h=-/AS5S/-/3SAD/6H4D ps=3H7H3CKD5D2D/-/7S2SJHQC6C3D/-/- "
          "dc=-/QS4S7D6D/-/KS6SQHJD/2H2CQD sk=JS tr=- ld=1 dn=3:KCAC7C,4:AH4H5H,4:4CJCKH hist=-")


def test_exact_values_of_a_two_trick_ending():
    """Clubs are trumps; seat 1 (one trick) leads to the last two tricks holding AS 5S, seat 3 (no
    trick) holds 3S AD, seat 4 (two tricks) 6H 4D. Leading the ace of spades wins both tricks (3S
    must follow, the 5S is then unbeatable): seat 1 ends with three tricks, seat 3 gets frepe and
    pays 5 (the pot's worth) to each winner, the pot of 5 is shared 2 and 2 with the odd chip to
    seat 1: 5 + 2 + 1 = +8. Leading the 5S loses it to the 3S, then AD wins the last: seat 1 stays
    on one trick, gets frepe and pays 5 to seats 3 and 4: −10."""
    state = GAME.from_text(ENDING)
    assert GAME.exact_values(state, 1) == {Action("play", ("AS",)): 8, Action("play", ("5S",)): -10}
    assert GAME.exact_values(state, 3) is None  # not seat 3's turn
    hidden = GAME.view(state, 1)
    assert GAME.exact_values(hidden, 1) is None  # the others' hands unknown: nothing is proved


def test_play_or_pass_sampled_in_chips_from_the_view():
    """Sampled figures are the same for the same seed, differ with another, and say in chips that
    the hand without trumps should pass: passing costs nothing more, playing loses on average."""
    state = GAME.from_text(JUNK)
    a = GAME.sampled_values(state, 2, "s", range(40))
    assert a == GAME.sampled_values(state, 2, "s", range(40))
    assert a != GAME.sampled_values(state, 2, "t", range(40))
    assert a.unit == "chips" and a.deals == 40
    play, pass_ = Action("declare", choice="play"), Action("declare", choice="pass")
    assert set(a.values[pass_]) == {0.0} and all(a.ahead[pass_])
    assert sum(a.values[play]) < 0
    assert GAME.sampled_values(GAME.from_text(ENDING), 1, "s", range(4)) is None  # in the tricks: exact instead


def test_deals_dealt_from_a_view_respect_what_the_tricks_showed():
    """In ENDING seat 3 played the king of hearts on a led club (trumps): he has no club. Seat 1's
    imagined deals never give him one, though clubs are among the cards seat 1 cannot see; the
    same view without the tricks' evidence would (checked: the generic dealing does)."""
    from games.engine.game import Game

    view = GAME.view(GAME.from_text(ENDING), 1)
    assert "hand.3" in GAME.shown_lacking(view) and "3C" in GAME.shown_lacking(view)["hand.3"]
    worlds = [GAME.determinize(view, 1, rng_for("w", k)) for k in range(60)]
    assert all(not any(c.endswith("C") for c in w.hands[3]) for w in worlds)
    plain = [Game.determinize(GAME, view, 1, rng_for("w", k)) for k in range(60)]
    assert any(any(c.endswith("C") for c in w.hands[3]) for w in plain)


def test_the_seer_sees_the_whole_deal_and_plays_the_exact_best_late_in_the_tricks():
    """The arena's yardstick: given the real state, it plays legal choices throughout, and once three
    tricks or fewer are left every card it plays is one of the exact max-n best."""
    import random

    from games.engine.play import measuring_bots
    from games.frepe.bots import EXACT_FROM, Seer

    assert measuring_bots(GAME)["seer"] is Seer and Seer.sees_all
    for players in (5, 7):
        state = GAME.new(f"seer-{players}", players)
        seer, rng = Seer(GAME), random.Random(players)
        checked = 0
        while state.phase not in ("end", "over"):
            seat = min(GAME.to_move(state))
            action = seer.choose_full(state, seat, rng)
            assert GAME.check(state, seat, action)
            if state.phase == "play" and len(state.done) >= EXACT_FROM and len(GAME.legal_actions(state, seat)) > 1:
                values = GAME.exact_values(state, seat)
                assert values[action] == max(values.values())
                checked += 1
            state = GAME.apply(state, seat, action)
        assert state.history and checked
