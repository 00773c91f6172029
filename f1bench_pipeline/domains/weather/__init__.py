"""NOAA/NWS weather forecasts: the second complete-oracle domain.

records (``records``) → oracle facts (``facts``) → instances and prompts EN/ES/PT
(``prompts``) → offline template answers (``templates``) → claims (``extractor``) →
verdicts (``verifier``) → the shared metrics (``domains.scoring``). ``collector`` fetches
new records from api.weather.gov; ``assets`` is the Dagster group ``weather``.
"""
