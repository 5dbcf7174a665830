#include "convert/ctf_tracepoint.h"

#include <babeltrace/ctf-ir/utils.h>
#include <babeltrace/ctf-writer/event-fields.h>
#include <babeltrace/ctf-writer/event-types.h>
#include <babeltrace/ctf-writer/event.h>
#include <event-parse.h>

#include <cctype>
#include <cstdio>
#include <cstring>

namespace cperf {

namespace {

struct bt_ctf_field_type* integer(unsigned bits, bool is_signed, bool hex) {
  struct bt_ctf_field_type* t = bt_ctf_field_type_integer_create(bits);
  if (!t) return nullptr;
  bt_ctf_field_type_integer_set_signed(t, is_signed);
  if (hex) bt_ctf_field_type_integer_set_base(t, BT_CTF_INTEGER_BASE_HEXADECIMAL);
  // said outright: left "native", babeltrace 1.5 writes the fields of an event with a sequence
  // in the other byte order than its metadata says
  bt_ctf_field_type_set_byte_order(t, __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__ ? BT_CTF_BYTE_ORDER_BIG_ENDIAN
                                                                            : BT_CTF_BYTE_ORDER_LITTLE_ENDIAN);
  return t;
}

// perf's choice of type for a tracepoint field (its element, for an array).
struct bt_ctf_field_type* type_of(const tep_format_field* f, const CtfTypes& t) {
  unsigned long flags = f->flags;
  if (flags & TEP_FIELD_IS_STRING) return t.string;
  if (!(flags & TEP_FIELD_IS_SIGNED) && (flags & (TEP_FIELD_IS_LONG | TEP_FIELD_IS_POINTER))) return t.u64_hex;
  if (flags & TEP_FIELD_IS_SIGNED) return f->size == 8 ? t.s64 : t.s32;
  return f->size == 8 ? t.u64 : t.u32;
}

bool is_array(const tep_format_field* f) {
  return (f->flags & TEP_FIELD_IS_ARRAY) && !(f->flags & TEP_FIELD_IS_STRING);
}

// A field's name in the class: '_' before a name CTF rejects, "_dupl_N" after one taken.
std::string class_name(bt_ctf_event_class* cls, const std::string& name) {
  std::string n = bt_ctf_validate_identifier(name.c_str()) ? "_" + name : name;
  for (int dup = 1; dup < 10; ++dup) {
    struct bt_ctf_field_type* taken = bt_ctf_event_class_get_field_by_name(cls, n.c_str());
    if (!taken) return n;
    bt_ctf_field_type_put(taken);
    n = name + "_dupl_" + std::to_string(dup);
  }
  return "";
}

// A signed value of `size` bytes, sign-extended to 64 bits.
int64_t sign_extend(uint64_t v, int size) {
  if (size <= 0 || size >= 8) return static_cast<int64_t>(v);
  const int bits = size * 8;
  const uint64_t sign = uint64_t{1} << (bits - 1);
  v &= (uint64_t{1} << bits) - 1;
  return static_cast<int64_t>((v ^ sign) - sign);
}

bool set_one(bt_ctf_field* field, const tep_format_field* f, tep_handle* tep, const char* data, size_t size,
             size_t offset, size_t len) {
  if (f->flags & TEP_FIELD_IS_STRING) {
    // within the field (a fixed char array need not end in a NUL) and the payload
    size_t room = offset < size ? size - offset : 0;
    std::string s = ctf_printable(data + offset, len && len < room ? len : room);
    return bt_ctf_field_string_set_value(field, s.c_str()) == 0;
  }
  uint64_t v = offset + len <= size ? tep_read_number(tep, data + offset, static_cast<int>(len)) : 0;
  if (f->flags & TEP_FIELD_IS_SIGNED)
    return bt_ctf_field_signed_integer_set_value(field, sign_extend(v, static_cast<int>(len))) == 0;
  return bt_ctf_field_unsigned_integer_set_value(field, v) == 0;
}

}  // namespace

bool CtfTypes::make() {
  s64 = integer(64, true, false);
  u64 = integer(64, false, false);
  s32 = integer(32, true, false);
  u32 = integer(32, false, false);
  u32_hex = integer(32, false, true);
  u64_hex = integer(64, false, true);
  string = bt_ctf_field_type_string_create();
  return s64 && u64 && s32 && u32 && u32_hex && u64_hex && string;
}

CtfTypes::~CtfTypes() {
  for (struct bt_ctf_field_type* t : {s64, u64, s32, u32, u32_hex, u64_hex, string})
    if (t) bt_ctf_field_type_put(t);
}

std::string ctf_printable(const char* s, size_t max) {
  std::string out;
  for (size_t i = 0; i < max && s[i]; ++i) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (std::isprint(c)) {
      out += static_cast<char>(c);
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    }
  }
  return out;
}

bool add_tracepoint_fields(bt_ctf_event_class* cls, tep_event* event, const CtfTypes& types,
                           CtfTracepointFields& out) {
  for (tep_format_field* list : {event->format.common_fields, event->format.fields})
    for (tep_format_field* f = list; f; f = f->next) {
      std::string name = class_name(cls, f->name);
      struct bt_ctf_field_type* type = type_of(f, types);
      struct bt_ctf_field_type* array = is_array(f) ? bt_ctf_field_type_array_create(type, f->arraylen) : nullptr;
      bool ok = !name.empty() && (!is_array(f) || array) &&
                bt_ctf_event_class_add_field(cls, array ? array : type, name.c_str()) == 0;
      if (array) bt_ctf_field_type_put(array);
      if (!ok) return false;
      out.fields.push_back({f, name});
    }
  return true;
}

bool set_tracepoint_values(bt_ctf_event* ev, bt_ctf_event_class* cls, const CtfTracepointFields& tf,
                           const CtfTypes& types, const void* data, size_t size) {
  const char* bytes = static_cast<const char*>(data);
  for (const CtfTracepointFields::Field& field : tf.fields) {
    const tep_format_field* f = field.format;
    tep_handle* tep = f->event->tep;
    size_t offset = static_cast<size_t>(f->offset), len = static_cast<size_t>(f->size);
    if (f->flags & TEP_FIELD_IS_DYNAMIC) {  // where the data lies: offset and length in a u32
      uint32_t loc = offset + len <= size ? static_cast<uint32_t>(tep_read_number(tep, bytes + offset, static_cast<int>(len))) : 0;
      len = loc >> 16;
      offset = (loc & 0xffff) + ((f->flags & TEP_FIELD_IS_RELATIVE) ? f->offset + f->size : 0);
    }
    bt_ctf_field* value;
    if (is_array(f)) {
      struct bt_ctf_field_type* type = bt_ctf_event_class_get_field_by_name(cls, field.name.c_str());
      value = type ? bt_ctf_field_create(type) : nullptr;
      if (type) bt_ctf_field_type_put(type);
      if (!value) return false;
      size_t item = f->arraylen ? static_cast<size_t>(f->size) / f->arraylen : 0;
      for (unsigned i = 0; i < f->arraylen; ++i) {
        bt_ctf_field* elem = bt_ctf_field_array_get_field(value, i);
        bool ok = elem && set_one(elem, f, tep, bytes, size, offset + i * item, item);
        if (elem) bt_ctf_field_put(elem);
        if (!ok) {
          bt_ctf_field_put(value);
          return false;
        }
      }
    } else {
      value = bt_ctf_field_create(type_of(f, types));
      if (!value || !set_one(value, f, tep, bytes, size, offset, len)) {
        if (value) bt_ctf_field_put(value);
        return false;
      }
    }
    bool ok = bt_ctf_event_set_payload(ev, field.name.c_str(), value) == 0;
    bt_ctf_field_put(value);
    if (!ok) return false;
  }
  return true;
}

}  // namespace cperf
