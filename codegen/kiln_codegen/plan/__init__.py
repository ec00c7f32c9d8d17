"""plan: the order the systems run in, stage by stage and batch by batch, and what makes ordering fail."""
