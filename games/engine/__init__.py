"""What every game shares: cards, seeded shuffles, rules and verdicts, the game protocol, zones and
notation. Pure Python: nothing under games/engine/ or games/<game>/ imports Django."""
