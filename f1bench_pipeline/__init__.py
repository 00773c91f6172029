"""f1bench: is a model's grounded explanation both true and complete?"""
