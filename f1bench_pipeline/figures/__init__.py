"""Figures of the benchmark's results (``f1bench plot``, the ``precision_recall_plot`` asset, the audit
page): ``pr_data`` reads what to draw from the warehouse views, ``placement`` keeps labels apart,
``pr_figure`` draws with matplotlib. No Dagster here."""
