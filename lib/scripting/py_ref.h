// PyRef: an owned reference to a Python object (Py_XDECREF on destruction). Include only from
// files that are built with Python's headers (lib/scripting).
#pragma once
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <utility>

namespace cperf {

class PyRef {
 public:
  PyRef() = default;
  explicit PyRef(PyObject* owned) : p_(owned) {}
  PyRef(const PyRef&) = delete;
  PyRef& operator=(const PyRef&) = delete;
  PyRef(PyRef&& o) noexcept : p_(std::exchange(o.p_, nullptr)) {}
  PyRef& operator=(PyRef&& o) noexcept {
    if (this != &o) {
      Py_XDECREF(p_);
      p_ = std::exchange(o.p_, nullptr);
    }
    return *this;
  }
  ~PyRef() { Py_XDECREF(p_); }

  PyObject* get() const { return p_; }
  PyObject* release() { return std::exchange(p_, nullptr); }
  explicit operator bool() const { return p_ != nullptr; }

 private:
  PyObject* p_ = nullptr;
};

// The interned str of a key name, made once per name (keys are string literals, looked up by
// address). Valid for the life of the interpreter (cperf runs one per process).
PyObject* interned_key(const char* name);

// dict[key] = value, taking ownership of value (PyDict_SetItemString does not steal).
inline void dict_put(PyObject* dict, const char* key, PyObject* value) {
  PyDict_SetItem(dict, interned_key(key), value);
  Py_XDECREF(value);
}

}  // namespace cperf
