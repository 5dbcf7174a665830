# PySide2.QtSql for a Python that only has PySide6 (perf 7.2's Debian sid Python): the same
# classes, Qt 6's plugins from that Python's prefix, and the application object Qt 6's
# QSqlDatabase wants.
import glob
import os
import sys
for _d in glob.glob(sys.prefix + "/lib/*/qt6/plugins"):
    os.environ.setdefault("QT_PLUGIN_PATH", _d)
from PySide6.QtSql import *  # noqa: F401,F403,E402
from PySide6.QtSql import QSqlQuery as _Q  # noqa: E402
from PySide6.QtCore import QCoreApplication as _App  # noqa: E402
if not hasattr(_Q, "exec_"):
    _Q.exec_ = _Q.exec
_app = _App.instance() or _App([])
