"""LoRA fine-tuning on the grounded explanations of the train split (the paper's RQ3).

* ``config`` — :class:`~f1bench_pipeline.domains.f1.finetune.config.FinetuneConfig`: every setting,
  named and documented (CPU defaults; the paper's values are noted on each field).
* ``data``   — the ``finetune_export`` records → tokenized examples (answer-only labels);
  refuses any record of the test season.
* ``train``  — the training loop: checkpoints, resume, the adapter and its manifest.
* ``assets`` — the Dagster asset ``lora_adapter`` (group ``finetune``) and job ``finetune``.

Only ``assets`` imports Dagster; torch, transformers and peft are imported inside the
functions of ``data`` and ``train`` (``pip install -e '.[finetune]'``), so the core install
imports this package without them.
"""
