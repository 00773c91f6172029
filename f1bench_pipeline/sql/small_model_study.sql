-- small_model_study: each local base model beside its LoRA fine-tune on the answers both gave (the paper's Table 5)
SELECT * FROM small_model_study
