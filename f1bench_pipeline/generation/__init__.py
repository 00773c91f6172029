"""Model generations: every registered system answers every
instance it is asked about, in every language and prompt variant, through litellm.

Modules (none imports litellm at import time; ``llm.get_litellm()`` does, lazily):

* ``registry``  — ``systems.yaml``: the systems, their litellm model strings and limits.
* ``names``     — registry name ↔ safe partition/folder name (percent-encoding).
* ``provider``  — the offline systems' answers (faithful / noisy / terse, from each domain's
  templates, registered by ``orchestration.plugins``) served as a litellm custom provider (``f1bench/…``).
* ``cache``     — the on-disk call cache (one JSON file per call, atomic).
* ``classify``  — response/exception → status, retryability, parameter translation.
* ``sanitize``  — scrubbing secrets out of every message we keep or log.
* ``engine``    — the asyncio call loop: concurrency, RPM, retries, progress.
  Its parts: ``call`` (one call: retries, parameter adaptations, record, cost), ``ratelimit``
  (RPM spacing, a provider's cool-down), ``retry`` (backoff), ``spend`` (the spending cap),
  ``stats`` (a run's counts), ``offline`` (offline template calls in worker processes).
* ``plan``      — which calls a partition needs (through the ``Domain``); dry-run cost estimate.
* ``table``     — the ``generations`` table schema and summaries.
* ``runner``    — generate one (partition, system) pair of any domain: the one road of F1, weather and a
  plug-in domain (F1's Dagster runs of it: ``domains.f1.generation_runs``).
* ``assets``    — the Dagster asset, job and sensor; ``cli`` — the ``f1bench`` subcommands.
"""
