"""Many searches into tables: the experiment grid, one run's row, Dask, resuming, progress."""
