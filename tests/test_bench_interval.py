"""The bench's interval for a percentile (games/management/commands/bench.py, pct_interval): it holds
the true percentile at least as often as it says, and says nothing of an end a small sample cannot
give."""

import math
import random

from games.management.commands.bench import pct, pct_interval


def test_the_p95s_interval_holds_the_true_p95_at_least_95_times_in_100():
    rng = random.Random(7)
    true = -math.log(0.05)  # the p95 of an exponential law of mean 1
    held = 0
    for _ in range(1000):
        sample = [rng.expovariate(1) for _ in range(100)]
        low, high = pct_interval(sample, 95)
        assert low <= pct(sample, 95) <= high
        held += low <= true <= high
    assert held >= 950


def test_a_small_sample_gives_no_upper_end():
    sample = list(range(1, 21))  # 20 values: the p95 may lie above every one of them
    low, high = pct_interval(sample, 95)
    assert high is None and low is not None and low < 20
