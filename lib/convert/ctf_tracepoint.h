// A tracepoint's fields in a CTF event, typed as perf's CTF converter types them: strings as
// strings, unsigned longs and pointers as hexadecimal u64, other integers by size and sign,
// fixed arrays as CTF arrays of their element; the common_* fields first. Names the CTF spec
// rejects get a '_' in front, and a name already taken gets "_dupl_N".
#pragma once
#include <string>
#include <vector>

struct bt_ctf_event;
struct bt_ctf_event_class;
struct bt_ctf_field_type;
struct tep_event;
struct tep_format_field;

namespace cperf {

// The integer and string types the converter shares between its classes.
struct CtfTypes {
  struct bt_ctf_field_type *s64 = nullptr, *u64 = nullptr, *s32 = nullptr, *u32 = nullptr, *u32_hex = nullptr,
                    *u64_hex = nullptr, *string = nullptr;
  bool make();  // false when babeltrace cannot make one
  ~CtfTypes();
};

// One tracepoint's fields as they were added to its event class.
struct CtfTracepointFields {
  struct Field {
    tep_format_field* format = nullptr;
    std::string name;  // in the class
  };
  std::vector<Field> fields;
};

// Adds the fields of tracepoint `event` to `cls`; false when babeltrace refuses one.
bool add_tracepoint_fields(bt_ctf_event_class* cls, tep_event* event, const CtfTypes& types,
                           CtfTracepointFields& out);

// Sets the fields of one sample (`data`: its raw payload, zero-padded so every field offset
// reads); false when a value cannot be set.
bool set_tracepoint_values(bt_ctf_event* ev, bt_ctf_event_class* cls, const CtfTracepointFields& tf,
                           const CtfTypes& types, const void* data, size_t size);

// perf's CTF strings: bytes that are not printable become "\xNN".
std::string ctf_printable(const char* s, size_t max);

}  // namespace cperf
