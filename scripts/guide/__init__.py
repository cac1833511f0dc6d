"""The porting guides (reports/NUMPY_VS_PYTORCH.md, reports/NUMPY_VS_JAX.md): hazards, the
classification of a campaign's rows into them, snippets that run, and the renderer."""
