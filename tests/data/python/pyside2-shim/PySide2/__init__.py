# PySide2 for perf 7.2's Python, which only has PySide6 (see QtSql.py).
