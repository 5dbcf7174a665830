#include "script/field_set.h"

#include <algorithm>

#include <sstream>
#include <vector>

namespace cperf {

namespace {

struct FieldName {
  const char* name;
  uint64_t bit;
};

constexpr FieldName kFieldNames[] = {
    {"comm", kFieldComm},
    {"tid", kFieldTid},
    {"pid", kFieldPid},
    {"time", kFieldTime},
    {"cpu", kFieldCpu},
    {"event", kFieldEvent},
    {"trace", kFieldTrace},
    {"ip", kFieldIp},
    {"sym", kFieldSym},
    {"dso", kFieldDso},
    {"dsoff", kFieldDsoff},
    {"addr", kFieldAddr},
    {"symoff", kFieldSymOff},
    {"srcline", kFieldSrcline},
    {"period", kFieldPeriod},
    {"iregs", kFieldIregs},
    {"uregs", kFieldUregs},
    {"brstack", kFieldBrstack},
    {"brstacksym", kFieldBrstackSym},
    {"data_src", kFieldDataSrc},
    {"weight", kFieldWeight},
    {"bpf-output", kFieldBpfOutput},
    {"callindent", kFieldCallindent},
    {"insn", kFieldInsn},
    {"disasm", kFieldDisasm},
    {"insnlen", kFieldInsnLen},
    {"brstackinsn", kFieldBrstackInsn},
    {"brstackoff", kFieldBrstackOff},
    {"synth", kFieldSynth},
    {"phys_addr", kFieldPhysAddr},
    {"metric", kFieldMetric},
    {"misc", kFieldMisc},
    {"srccode", kFieldSrccode},
    {"ipc", kFieldIpc},
    {"tod", kFieldTod},
    {"data_page_size", kFieldDataPageSize},
    {"code_page_size", kFieldCodePageSize},
    {"ins_lat", kFieldInsLat},
    {"brstackinsnlen", kFieldBrstackInsnLen},
    {"machine_pid", kFieldMachinePid},
    {"vcpu", kFieldVcpu},
    {"cgroup", kFieldCgroup},
    {"retire_lat", kFieldRetireLat},
    {"brstackdisasm", kFieldBrstackDisasm},
    {"brcntr", kFieldBrcntr},
    {"flags", kFieldFlags},  // not in perf's table, but it takes the name as a field
};

struct TypeName {
  const char* name;
  int type;
};

constexpr TypeName kTypeNames[] = {
    {"hw", kOutHw},     {"sw", kOutSw},         {"trace", kOutTrace}, {"raw", kOutRaw},
    {"break", kOutBreak}, {"synth", kOutSynth}, {"hwcache", kOutHwCache},
};

// perf's names of the output types in its messages.
const char* type_text(int type) {
  switch (type) {
    case kOutHw: return "hardware";
    case kOutSw: return "software";
    case kOutTrace: return "tracepoint";
    case kOutHwCache: return "hardware-cache";
    case kOutRaw: return "raw";
    case kOutBreak: return "breakpoint";
    default: return "unknown";
  }
}

// Fields a type cannot print: 'trace' outside tracepoints, 'bpf-output' outside software
// and tracepoint events.
uint64_t invalid_fields(int type) {
  if (type == kOutTrace) return 0;
  if (type == kOutSw) return kFieldTrace;
  return kFieldTrace | kFieldBpfOutput;
}

constexpr uint64_t kDefaultSample = kFieldComm | kFieldTid | kFieldCpu | kFieldTime | kFieldEvent |
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
  fields_[kOutSw] |= kFieldBpfOutput;
  fields_[kOutTrace] = kFieldComm | kFieldTid | kFieldCpu | kFieldTime | kFieldEvent | kFieldTrace;
  // Raw events (perf mem, perf c2c) show their memory sample fields when the samples have them.
  fields_[kOutRaw] |= kFieldAddr | kFieldDataSrc | kFieldWeight | kFieldPhysAddr |
                      kFieldDataPageSize | kFieldCodePageSize | kFieldInsLat | kFieldRetireLat;
  fields_[kOutSynth] = (kDefaultSample & ~kFieldPeriod) | kFieldSynth;
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
    if (requested_[only]) warnings_ += std::string("Overriding previous field request for ") + type_text(only) + " events.\n";
    requested_[only] = true;
    fields_[only] = 0;
  } else {
    if (spec.empty()) return "Cannot set fields to 'none' for all event types.";
    if (spec.find_first_of("+-") == std::string::npos) {
      if (std::find(requested_.begin(), requested_.end(), true) != requested_.end())
        warnings_ += "Overriding previous field request for all events.\n";
      requested_.fill(true);
      for (int t = 0; t < kOutTypes; ++t) fields_[t] = user_set_[t] = 0;
    }
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
    uint64_t bit = 0;
    for (const FieldName& f : kFieldNames)
      if (item == f.name) bit = f.bit;
    if (!bit) return "Invalid field requested.";
    // perf 7.2 as Debian builds it has no libcapstone.
    if (bit == kFieldDisasm && change != kRemove)
      return "Field \"disasm\" requires perf to be built with libcapstone support.";
    if (only >= 0 && (invalid_fields(only) & bit))
      return "'" + item + "' not valid for " + type_text(only) + " events.";
    for (int t = 0; t < kOutTypes; ++t) {
      if (only >= 0 && t != only) continue;
      if (only < 0 && (invalid_fields(t) & bit)) {
        warnings_ += "'" + item + "' not valid for " + type_text(t) + " events. Ignoring.\n";
        continue;
      }
      requested_[t] = true;  // perf's user_set, which "+field" sets too
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

std::string FieldSet::check_address_fields(int type, uint64_t sample_type) const {
  uint64_t f = fields_[type];
  bool has_address = sample_type & (PERF_SAMPLE_IP | PERF_SAMPLE_ADDR);
  if ((f & kFieldSym) && !has_address)
    return "Display of symbols requested but neither sample IP nor sample address\n"
           "available. Hence, no addresses to convert to symbols.";
  if ((f & kFieldSymOff) && !(f & kFieldSym)) return "Display of offsets requested but symbol is notselected.";  // sic, as perf prints it
  if ((f & kFieldDso) && !has_address) return "Display of DSO requested but no address to convert.";
  if ((f & (kFieldSrcline | kFieldSrccode)) && !(f & kFieldIp))
    return "Display of source line number requested but sample IP is not\n"
           "selected. Hence, no address to lookup the source line number.";
  return {};
}

std::string FieldSet::check(const perf_event_attr& attr, const std::string& evname,
                            bool use_callchain, bool pipe_callchain,
                            uint64_t combined_branch_type, bool auxtrace) {
  int type = output_type(attr.type);
  if (checked_[type]) return {};
  checked_[type] = true;
  struct Need {
    uint64_t field;
    uint64_t sample_bit;
    const char* msg;
    const char* fname;
  };
  // In perf's order, which decides which error a file missing several bits gets. (A branch
  // stack field without PERF_SAMPLE_BRANCH_STACK is no error: the samples print none.)
  const Need needs[] = {
      {kFieldIp, PERF_SAMPLE_IP, "IP", "ip"},
      {kFieldAddr, PERF_SAMPLE_ADDR, "ADDR", "addr"},
      {kFieldDataSrc, PERF_SAMPLE_DATA_SRC, "DATA_SRC", "data_src"},
      {kFieldWeight, PERF_SAMPLE_WEIGHT_TYPE, "WEIGHT", "weight"},
      {kFieldTid, PERF_SAMPLE_TID, "TID", "tid"},
      {kFieldPid, PERF_SAMPLE_TID, "TID", "pid"},
      {kFieldTime, PERF_SAMPLE_TIME, "TIME", "time"},
      {kFieldCpu, PERF_SAMPLE_CPU, "CPU", "cpu"},
      {kFieldPeriod, PERF_SAMPLE_PERIOD, "PERIOD", "period"},
      {kFieldIregs, PERF_SAMPLE_REGS_INTR, "IREGS", "iregs"},
      {kFieldUregs, PERF_SAMPLE_REGS_USER, "UREGS", "uregs"},
      {kFieldPhysAddr, PERF_SAMPLE_PHYS_ADDR, "PHYS_ADDR", "phys_addr"},
      {kFieldDataPageSize, PERF_SAMPLE_DATA_PAGE_SIZE, "DATA_PAGE_SIZE", "data_page_size"},
      {kFieldCodePageSize, PERF_SAMPLE_CODE_PAGE_SIZE, "CODE_PAGE_SIZE", "code_page_size"},
      {kFieldInsLat, PERF_SAMPLE_WEIGHT_STRUCT, "WEIGHT_STRUCT", "ins_lat"},
      {kFieldCgroup, PERF_SAMPLE_CGROUP, "CGROUP", "cgroup"},
      {kFieldRetireLat, PERF_SAMPLE_WEIGHT_STRUCT, "WEIGHT_STRUCT", "retire_lat"},
  };
  for (const Need& n : needs) {
    // perf checks the fields that need an address after the ip, addr, data_src and weight
    // bits (and before tid).
    if (n.field == kFieldTid) {
      if (std::string err = check_address_fields(type, attr.sample_type); !err.empty()) return err;
      if ((fields_[type] & (kFieldBrstackInsn | kFieldBrstackInsnLen | kFieldBrstackDisasm)) &&
          !auxtrace && !(combined_branch_type & PERF_SAMPLE_BRANCH_ANY))
        return "Display of branch stack assembler requested, but non all-branch filter set\n"
               "Hint: run 'perf record -b ...'";
      if ((fields_[type] & kFieldBrcntr) && !(combined_branch_type & PERF_SAMPLE_BRANCH_COUNTERS))
        return "Display of branch counter requested but it's not enabled\n"
               "Hint: run 'perf record -j any,counter ...'";
    }
    if (!(fields_[type] & n.field) || (attr.sample_type & n.sample_bit)) continue;
    // A fixed-period event has its period without PERF_SAMPLE_PERIOD: the attr's.
    if (n.field == kFieldPeriod && !attr.freq) continue;
    if (user_set_[type] & n.field) {
      std::string err = "Samples for '" + evname + "' event do not have " + n.msg +
                        " attribute set. Cannot print '" + n.fname + "' field.";
      if (n.field == kFieldCgroup) err += "\nHint: run 'perf record --all-cgroups ...'";
      return err;
    }
    fields_[type] &= ~n.field;
  }
  if (fields_[type] & kFieldDsoff) fields_[type] |= kFieldDso;  // dsoff implies dso
  if (pipe_callchain) fields_[type] |= (kFieldIp | kFieldSym) & ~user_unset_[type];
  // Tracepoints print their call sites when callchains are present.
  if (type == kOutTrace && use_callchain && !user_set_[type] &&
      (attr.sample_type & PERF_SAMPLE_CALLCHAIN))
    fields_[type] |= kFieldIp | kFieldSym | kFieldSymOff | kFieldDso;
  return {};
}

}  // namespace cperf
