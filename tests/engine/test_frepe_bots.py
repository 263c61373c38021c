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
