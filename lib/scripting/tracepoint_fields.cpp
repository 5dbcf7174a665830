#include "scripting/tracepoint_fields.h"

#include <event-parse.h>

#include <cctype>
#include <climits>
#include <cstdlib>
#include <cstring>

#include "scripting/py_ref.h"

namespace cperf {

namespace {

// A NUL-terminated run of printable (or space) characters filling [p, p+len).
bool printable_array(const char* p, unsigned len) {
  if (!p || !len || p[len - 1] != 0) return false;
  --len;
  for (unsigned i = 0; i < len && p[i]; ++i)
    if (!std::isprint(static_cast<unsigned char>(p[i])) && !std::isspace(static_cast<unsigned char>(p[i])))
      return false;
  return true;
}

// As perf: a signed field's value is not sign-extended from its size, so a negative 32-bit
// field arrives as a large positive int.
PyObject* number(unsigned long long v, bool is_signed) {
  if (is_signed) {
    long long s = static_cast<long long>(v);
    if (s >= LONG_MIN && s <= LONG_MAX) return PyLong_FromLong(static_cast<long>(s));
    return PyLong_FromLongLong(s);
  }
  if (v <= static_cast<unsigned long long>(LONG_MAX)) return PyLong_FromLong(static_cast<long>(v));
  return PyLong_FromUnsignedLongLong(v);
}

PyObject* numeric(tep_handle* tep, tep_format_field* f, const char* data) {
  bool is_signed = f->flags & TEP_FIELD_IS_SIGNED;
  if (!(f->flags & TEP_FIELD_IS_ARRAY))
    return number(tep_read_number(tep, data + f->offset, f->size), is_signed);
  unsigned n = f->arraylen ? static_cast<unsigned>(f->arraylen) : 0;
  PyObject* list = PyList_New(n);
  unsigned item = n ? static_cast<unsigned>(f->size) / n : 0;
  for (unsigned i = 0; i < n; ++i)
    PyList_SET_ITEM(list, i, number(tep_read_number(tep, data + f->offset + i * item, static_cast<int>(item)), is_signed));
  return list;
}

PyObject* array(tep_handle* tep, tep_format_field* f, const char* data) {
  unsigned offset = static_cast<unsigned>(f->offset), len = static_cast<unsigned>(f->size);
  if (f->flags & TEP_FIELD_IS_DYNAMIC) {
    unsigned long long v = tep_read_number(tep, data + offset, static_cast<int>(len));
    offset = static_cast<unsigned>(v & 0xffff);
    len = static_cast<unsigned>((v >> 16) & 0xffff);
    if (f->flags & TEP_FIELD_IS_RELATIVE) offset += static_cast<unsigned>(f->offset + f->size);
  }
  if ((f->flags & TEP_FIELD_IS_STRING) && printable_array(data + offset, len))
    return PyUnicode_FromString(data + offset);
  f->flags &= ~TEP_FIELD_IS_STRING;  // perf forgets the string-ness for good
  return PyByteArray_FromStringAndSize(data + offset, len);
}

struct SymbolWalker {
  const std::string& handler;
  const HandlerCall& call;
  std::string field;

  void value(tep_print_arg_type type, const char* value, const char* text) {
    PyObject* t = PyTuple_New(4);
    PyTuple_SET_ITEM(t, 0, PyUnicode_FromString(handler.c_str()));
    PyTuple_SET_ITEM(t, 1, PyUnicode_FromString(field.c_str()));
    PyTuple_SET_ITEM(t, 2, PyLong_FromLong(static_cast<long>(std::strtoull(value, nullptr, 0))));
    PyTuple_SET_ITEM(t, 3, PyUnicode_FromString(text ? text : ""));
    call(type == TEP_PRINT_SYMBOL ? "define_symbolic_value" : "define_flag_value", t);
  }
  void table(tep_print_arg_type type, const char* delim, tep_print_flag_sym* entries) {
    bool flags = type == TEP_PRINT_FLAGS;
    PyObject* t = PyTuple_New(flags ? 3 : 2);
    PyTuple_SET_ITEM(t, 0, PyUnicode_FromString(handler.c_str()));
    PyTuple_SET_ITEM(t, 1, PyUnicode_FromString(field.c_str()));
    if (flags) PyTuple_SET_ITEM(t, 2, PyUnicode_FromString(delim ? delim : ""));
    call(flags ? "define_flag_field" : "define_symbolic_field", t);
    for (tep_print_flag_sym* e = entries; e; e = e->next) value(type, e->value, e->str);
  }
  void walk(tep_print_arg* a) {
    for (; a; a = a->next) {
      switch (a->type) {
        case TEP_PRINT_ATOM: value(TEP_PRINT_FLAGS, "0", a->atom.atom); break;
        case TEP_PRINT_FIELD: field = a->field.name ? a->field.name : ""; break;
        case TEP_PRINT_FLAGS:
          walk(a->flags.field);
          table(TEP_PRINT_FLAGS, a->flags.delim, a->flags.flags);
          break;
        case TEP_PRINT_SYMBOL:
          walk(a->symbol.field);
          table(TEP_PRINT_SYMBOL, nullptr, a->symbol.symbols);
          break;
        case TEP_PRINT_HEX:
        case TEP_PRINT_HEX_STR:
          walk(a->hex.field);
          walk(a->hex.size);
          break;
        case TEP_PRINT_INT_ARRAY:
          walk(a->int_array.field);
          walk(a->int_array.count);
          walk(a->int_array.el_size);
          break;
        case TEP_PRINT_TYPE: walk(a->typecast.item); break;
        case TEP_PRINT_OP:
          walk(a->op.left);
          walk(a->op.right);
          break;
        case TEP_PRINT_NULL:
        case TEP_PRINT_STRING: break;
        default: return;  // functions, bitmasks, dynamic arrays: perf stops here too
      }
    }
  }
};

}  // namespace

std::vector<std::pair<const char*, PyObject*>> tracepoint_field_values(tep_handle* tep,
                                                                        tep_event* event,
                                                                        const void* data) {
  std::vector<std::pair<const char*, PyObject*>> out;
  const char* d = static_cast<const char*>(data);
  for (tep_format_field* f = event->format.fields; f; f = f->next)
    out.emplace_back(f->name, (f->flags & TEP_FIELD_IS_ARRAY) ? array(tep, f, d) : numeric(tep, f, d));
  return out;
}

void define_event_symbols(tep_event* event, const std::string& handler_name, const HandlerCall& call) {
  SymbolWalker w{handler_name, call, {}};
  w.walk(event->print_fmt.args);
}

}  // namespace cperf
