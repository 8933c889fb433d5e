"""The notebook runner behind ``python -m eightlab run`` (``make results``) and a notebook's
own run under papermill: specs, parameters, presets, plan, lifecycle, provenance, HTML.
"""
