"""Evaluating one model in one command (``f1bench eval MODEL``) on any domain that defines its
evaluation (``Domain``'s evaluation methods; F1 by default): the system recorded as a registry
overlay, its credentials and server checked before any call, then the same Dagster runs as the
UI and ``make rerun`` (generations, claims, scores), the leaderboard beside the other systems on
the same answers, and ``results.json`` / ``samples.jsonl`` written under
``data/results/<name>/<timestamp>/``.

* ``system.py`` — the registry entry from the command's options, the reachability check (pure,
  no Dagster);
* ``results.py`` — what the two files hold (pure);
* ``cli.py`` — the command's options; ``commands.py`` — its checks, runs and printing;
* ``samples.py``, ``inspect_task.py`` — the same instances and scoring for Inspect AI.
"""
