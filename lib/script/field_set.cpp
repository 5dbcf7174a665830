#include "script/field_set.h"

#include <sstream>
#include <vector>

namespace cperf {

namespace {

struct FieldName {
  const char* name;
  uint32_t bit;
};

constexpr FieldName kFieldNames[] = {
    {"comm", kFieldComm}, {"tid", kFieldTid},       {"pid", kFieldPid},     {"time", kFieldTime},
    {"cpu", kFieldCpu},   {"event", kFieldEvent},   {"trace", kFieldTrace}, {"ip", kFieldIp},
    {"sym", kFieldSym},   {"symoff", kFieldSymOff}, {"dso", kFieldDso},     {"addr", kFieldAddr},
    {"period", kFieldPeriod}, {"misc", kFieldMisc},     {"flags", kFieldFlags},
    {"srcline", kFieldSrcline}, {"brstack", kFieldBrstack}, {"brstacksym", kFieldBrstackSym},
    {"iregs", kFieldIregs},     {"uregs", kFieldUregs},
};

struct TypeName {
  const char* name;
  int type;
};

constexpr TypeName kTypeNames[] = {
    {"hw", kOutHw},     {"sw", kOutSw},         {"trace", kOutTrace}, {"raw", kOutRaw},
    {"break", kOutBreak}, {"synth", kOutSynth}, {"hwcache", kOutHwCache},
};

constexpr uint32_t kDefaultSample = kFieldComm | kFieldTid | kFieldCpu | kFieldTime | kFieldEvent |
                                    kFieldIp | kFieldSym | kFieldSymOff | kFieldDso | kFieldPeriod;

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  std::string item;
  while (std::getline(ss, item, sep)) out.push_back(item);
  return out;
}

}  // namespace

int output_type(uint32_t attr_type) {
  if (attr_type < 6) return static_cast<int>(attr_type);
  if (attr_type == 0x80000000u) return kOutSynth;  // perf's PERF_TYPE_SYNTH
  return kOutOther;
}

FieldSet::FieldSet() {
  for (int t = 0; t < kOutTypes; ++t) fields_[t] = kDefaultSample;
  fields_[kOutTrace] = kFieldComm | kFieldTid | kFieldCpu | kFieldTime | kFieldEvent | kFieldTrace;
}

// perf's rules: "TYPE:list" replaces that type's fields (starting from none, '-' items only
// clear) and never makes a field "user set", so fields its samples lack are dropped silently.
// Without a type, a list with no '+'/'-' anywhere replaces every type's fields; otherwise its
// items change the current fields. Without a type, every named field counts as user set (so a
// field the samples lack is an error) and '-' takes that back.
std::string FieldSet::parse(const std::string& spec_in) {
  std::string spec = spec_in;
  int only = -1;
  size_t colon = spec.find(':');
  if (colon != std::string::npos) {
    std::string tname = spec.substr(0, colon);
    for (const TypeName& t : kTypeNames)
      if (tname == t.name) only = t.type;
    if (only < 0) return "Invalid event type in field string.";
    spec = spec.substr(colon + 1);
    fields_[only] = 0;
  } else {
    if (spec.empty()) return "Cannot set fields to 'none' for all event types.";
    if (spec.find_first_of("+-") == std::string::npos)
      for (int t = 0; t < kOutTypes; ++t) fields_[t] = user_set_[t] = 0;
  }
  enum { kDefault, kSet, kAdd, kRemove } change = kDefault;
  for (std::string item : split(spec, ',')) {
    if (item.empty()) continue;  // strtok skips empty tokens
    if (item[0] == '+' || item[0] == '-') {
      if (change == kSet) return "Cannot mix +-field with overridden fields";
      change = item[0] == '+' ? kAdd : kRemove;
      item = item.substr(1);
    } else {
      if (change != kSet && change != kDefault) return "Cannot mix +-field with overridden fields";
      change = kSet;
    }
    uint32_t bit = 0;
    for (const FieldName& f : kFieldNames)
      if (item == f.name) bit = f.bit;
    if (!bit) return "Invalid field requested.";
    for (int t = 0; t < kOutTypes; ++t) {
      if (only >= 0 && t != only) continue;
      if (change == kRemove) {
        fields_[t] &= ~bit;
        if (only < 0) user_set_[t] &= ~bit, user_unset_[t] |= bit;
      } else {
        fields_[t] |= bit;
        if (only < 0) user_set_[t] |= bit, user_unset_[t] &= ~bit;
      }
    }
  }
  return {};
}

std::string FieldSet::check(const perf_event_attr& attr, const std::string& evname,
                            bool use_callchain, bool pipe_callchain) {
  int type = output_type(attr.type);
  if (checked_[type]) return {};
  checked_[type] = true;
  struct Need {
    uint32_t field;
    uint64_t sample_bit;
    const char* msg;
    const char* fname;
  };
  const Need needs[] = {
      {kFieldTid, PERF_SAMPLE_TID, "TID", "tid"},
      {kFieldPid, PERF_SAMPLE_TID, "TID", "pid"},
      {kFieldTime, PERF_SAMPLE_TIME, "TIME", "time"},
      {kFieldCpu, PERF_SAMPLE_CPU, "CPU", "cpu"},
      {kFieldPeriod, PERF_SAMPLE_PERIOD, "PERIOD", "period"},
      {kFieldAddr, PERF_SAMPLE_ADDR, "ADDR", "addr"},
      {kFieldIp, PERF_SAMPLE_IP, "IP", "ip"},
      {kFieldBrstack, PERF_SAMPLE_BRANCH_STACK, "BRANCH_STACK", "brstack"},
      {kFieldBrstackSym, PERF_SAMPLE_BRANCH_STACK, "BRANCH_STACK", "brstacksym"},
      {kFieldIregs, PERF_SAMPLE_REGS_INTR, "IREGS", "iregs"},
      {kFieldUregs, PERF_SAMPLE_REGS_USER, "UREGS", "uregs"},
  };
  for (const Need& n : needs) {
    if (!(fields_[type] & n.field) || (attr.sample_type & n.sample_bit)) continue;
    // A fixed-period event has its period without PERF_SAMPLE_PERIOD: the attr's.
    if (n.field == kFieldPeriod && !attr.freq) continue;
    if (user_set_[type] & n.field)
      return "Samples for '" + evname + "' event do not have " + n.msg +
             " attribute set. Cannot print '" + n.fname + "' field.";
    fields_[type] &= ~n.field;
  }
  if (pipe_callchain) fields_[type] |= (kFieldIp | kFieldSym) & ~user_unset_[type];
  // Tracepoints print their call sites when callchains are present.
  if (type == kOutTrace && use_callchain && !user_set_[type] &&
      (attr.sample_type & PERF_SAMPLE_CALLCHAIN))
    fields_[type] |= kFieldIp | kFieldSym | kFieldSymOff | kFieldDso;
  return {};
}

}  // namespace cperf
