"""One-on-one events (SPEC §11): Swiss rounds, then an optional single-elimination top cut.

``model`` (matches, rounds, the event), ``standings`` (tie-breakers, final places, what
``score_event`` prints), ``topcut`` (the cut bracket), ``pairing`` (Swiss pairing by
maximum-weight matching), ``eventfile`` and ``validation`` (the one-on-one event file).
Pure and deterministic like the rest of ``scoring``; docs/engine.md describes it.
"""
