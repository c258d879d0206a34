"""The knowledge index's adapters: SQLite FTS5 + sqlite-vec (``sqlite_index``), embedding
endpoints over HTTP (``embedders``)."""
