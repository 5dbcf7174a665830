#include "format/attr_print.h"

#include "format/local_names.h"

#include <cinttypes>
#include <cstdio>
#include <optional>
#include <utility>

namespace cperf {

namespace {

using Bit = std::pair<uint64_t, const char*>;

std::string bit_names(uint64_t v, std::initializer_list<Bit> bits) {
  std::string out;
  for (const auto& [bit, name] : bits) {
    if (!(v & bit)) continue;
    v &= ~bit;
    if (!out.empty()) out += '|';
    out += name;
  }
  return out;  // bits perf has no name for are left out, as perf 7.2 leaves them
}

std::string unsigned_str(uint64_t v) { return std::to_string(v); }
std::string hex_str(uint64_t v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%#" PRIx64, v);
  return buf;
}

std::optional<std::string> type_name(uint32_t type) {
  static const char* const names[] = {"PERF_TYPE_HARDWARE", "PERF_TYPE_SOFTWARE",
                                      "PERF_TYPE_TRACEPOINT", "PERF_TYPE_HW_CACHE",
                                      "PERF_TYPE_RAW", "PERF_TYPE_BREAKPOINT"};
  // perf 7.2 names type 4 and the dynamic types after the PMU that has them here
  if (type == PERF_TYPE_RAW || type >= 6) return pmu_of_type(type);
  return names[type];
}

const char* hw_name(uint64_t c) {
  static const char* const names[] = {
      "PERF_COUNT_HW_CPU_CYCLES",          "PERF_COUNT_HW_INSTRUCTIONS",
      "PERF_COUNT_HW_CACHE_REFERENCES",    "PERF_COUNT_HW_CACHE_MISSES",
      "PERF_COUNT_HW_BRANCH_INSTRUCTIONS", "PERF_COUNT_HW_BRANCH_MISSES",
      "PERF_COUNT_HW_BUS_CYCLES",          "PERF_COUNT_HW_STALLED_CYCLES_FRONTEND",
      "PERF_COUNT_HW_STALLED_CYCLES_BACKEND", "PERF_COUNT_HW_REF_CPU_CYCLES"};
  return c < 10 ? names[c] : nullptr;
}

const char* sw_name(uint64_t c) {
  static const char* const names[] = {
      "PERF_COUNT_SW_CPU_CLOCK",        "PERF_COUNT_SW_TASK_CLOCK",
      "PERF_COUNT_SW_PAGE_FAULTS",      "PERF_COUNT_SW_CONTEXT_SWITCHES",
      "PERF_COUNT_SW_CPU_MIGRATIONS",   "PERF_COUNT_SW_PAGE_FAULTS_MIN",
      "PERF_COUNT_SW_PAGE_FAULTS_MAJ",  "PERF_COUNT_SW_ALIGNMENT_FAULTS",
      "PERF_COUNT_SW_EMULATION_FAULTS", "PERF_COUNT_SW_DUMMY",
      "PERF_COUNT_SW_BPF_OUTPUT",       "PERF_COUNT_SW_CGROUP_SWITCHES"};
  return c < 12 ? names[c] : nullptr;
}

std::string hw_cache_name(uint64_t c) {
  static const char* const ids[] = {"PERF_COUNT_HW_CACHE_L1D", "PERF_COUNT_HW_CACHE_L1I",
                                    "PERF_COUNT_HW_CACHE_LL",  "PERF_COUNT_HW_CACHE_DTLB",
                                    "PERF_COUNT_HW_CACHE_ITLB", "PERF_COUNT_HW_CACHE_BPU",
                                    "PERF_COUNT_HW_CACHE_NODE"};
  static const char* const ops[] = {"PERF_COUNT_HW_CACHE_OP_READ", "PERF_COUNT_HW_CACHE_OP_WRITE",
                                    "PERF_COUNT_HW_CACHE_OP_PREFETCH"};
  static const char* const results[] = {"PERF_COUNT_HW_CACHE_RESULT_ACCESS",
                                        "PERF_COUNT_HW_CACHE_RESULT_MISS"};
  uint64_t id = c & 0xff, op = (c >> 8) & 0xff, res = (c >> 16) & 0xff;
  // perf names the words result first; a value it has no word for leaves the config bare
  if (id >= 7 || op >= 3 || res >= 2) return "";
  return std::string(results[res]) + " | " + ops[op] + " | " + ids[id];
}

// A hardware or cache event's config of an extended type (a PMU's type in the high 32 bits):
// perf names it "PMU/WORDS/" after this machine's PMU of that type, else the words alone.
std::string with_extended_pmu(uint64_t config, const std::string& words) {
  const uint32_t pmu_type = static_cast<uint32_t>(config >> 32);
  if (pmu_type == 0 || words.empty()) return words;
  const std::optional<std::string> pmu = pmu_of_type(pmu_type);
  return pmu ? *pmu + "/" + words + "/" : words;
}

std::string config_str(const perf_event_attr& a) {
  std::string s = hex_str(a.config);
  std::string name;
  switch (a.type) {
    case PERF_TYPE_HARDWARE:
      if (const char* n = hw_name(a.config & 0xffffffff)) name = with_extended_pmu(a.config, n);
      break;
    case PERF_TYPE_SOFTWARE: if (const char* n = sw_name(a.config)) name = n; break;
    case PERF_TYPE_HW_CACHE: name = with_extended_pmu(a.config, hw_cache_name(a.config & 0xffffffff)); break;
    // perf names a tracepoint id from this machine's tracefs, whatever recorded it
    case PERF_TYPE_TRACEPOINT: name = local_tracepoint_name(a.config).value_or(""); break;
    default: break;
  }
  if (!name.empty()) s += " (" + name + ")";
  return s;
}

}  // namespace

std::string sample_type_names(uint64_t v) {
  return bit_names(v, {{PERF_SAMPLE_IP, "IP"},
                       {PERF_SAMPLE_TID, "TID"},
                       {PERF_SAMPLE_TIME, "TIME"},
                       {PERF_SAMPLE_ADDR, "ADDR"},
                       {PERF_SAMPLE_READ, "READ"},
                       {PERF_SAMPLE_CALLCHAIN, "CALLCHAIN"},
                       {PERF_SAMPLE_ID, "ID"},
                       {PERF_SAMPLE_CPU, "CPU"},
                       {PERF_SAMPLE_PERIOD, "PERIOD"},
                       {PERF_SAMPLE_STREAM_ID, "STREAM_ID"},
                       {PERF_SAMPLE_RAW, "RAW"},
                       {PERF_SAMPLE_BRANCH_STACK, "BRANCH_STACK"},
                       {PERF_SAMPLE_REGS_USER, "REGS_USER"},
                       {PERF_SAMPLE_STACK_USER, "STACK_USER"},
                       {PERF_SAMPLE_IDENTIFIER, "IDENTIFIER"},
                       // no TRANSACTION: perf 7.2's evlist -v and report -D leave it unnamed
                       {PERF_SAMPLE_REGS_INTR, "REGS_INTR"},
                       {PERF_SAMPLE_DATA_SRC, "DATA_SRC"},   // perf names DATA_SRC first
                       {PERF_SAMPLE_WEIGHT, "WEIGHT"},
                       {PERF_SAMPLE_PHYS_ADDR, "PHYS_ADDR"},
                       {PERF_SAMPLE_AUX, "AUX"},
                       {PERF_SAMPLE_CGROUP, "CGROUP"},
                       {PERF_SAMPLE_DATA_PAGE_SIZE, "DATA_PAGE_SIZE"},
                       {PERF_SAMPLE_CODE_PAGE_SIZE, "CODE_PAGE_SIZE"},
                       {PERF_SAMPLE_WEIGHT_STRUCT, "WEIGHT_STRUCT"}});
}

std::string read_format_names(uint64_t v) {
  return bit_names(v, {{PERF_FORMAT_TOTAL_TIME_ENABLED, "TOTAL_TIME_ENABLED"},
                       {PERF_FORMAT_TOTAL_TIME_RUNNING, "TOTAL_TIME_RUNNING"},
                       {PERF_FORMAT_ID, "ID"},
                       {PERF_FORMAT_GROUP, "GROUP"},
                       {PERF_FORMAT_LOST, "LOST"}});
}

std::string branch_sample_type_names(uint64_t v) {
  return bit_names(v, {{PERF_SAMPLE_BRANCH_USER, "USER"},
                       {PERF_SAMPLE_BRANCH_KERNEL, "KERNEL"},
                       {PERF_SAMPLE_BRANCH_HV, "HV"},
                       {PERF_SAMPLE_BRANCH_ANY, "ANY"},
                       {PERF_SAMPLE_BRANCH_ANY_CALL, "ANY_CALL"},
                       {PERF_SAMPLE_BRANCH_ANY_RETURN, "ANY_RETURN"},
                       {PERF_SAMPLE_BRANCH_IND_CALL, "IND_CALL"},
                       {PERF_SAMPLE_BRANCH_ABORT_TX, "ABORT_TX"},
                       {PERF_SAMPLE_BRANCH_IN_TX, "IN_TX"},
                       {PERF_SAMPLE_BRANCH_NO_TX, "NO_TX"},
                       {PERF_SAMPLE_BRANCH_COND, "COND"},
                       {PERF_SAMPLE_BRANCH_CALL_STACK, "CALL_STACK"},
                       {PERF_SAMPLE_BRANCH_IND_JUMP, "IND_JUMP"},
                       {PERF_SAMPLE_BRANCH_CALL, "CALL"},
                       {PERF_SAMPLE_BRANCH_NO_FLAGS, "NO_FLAGS"},
                       {PERF_SAMPLE_BRANCH_NO_CYCLES, "NO_CYCLES"},
                       {PERF_SAMPLE_BRANCH_TYPE_SAVE, "TYPE_SAVE"},
                       {PERF_SAMPLE_BRANCH_HW_INDEX, "HW_INDEX"},
                       {PERF_SAMPLE_BRANCH_PRIV_SAVE, "PRIV_SAVE"},
                       {PERF_SAMPLE_BRANCH_COUNTERS, "COUNTERS"}});
}

void for_each_printed_attr_field(const perf_event_attr& a,
                                 const std::function<void(const char*, const std::string&)>& emit) {
  auto u = [&](const char* name, uint64_t v) { if (v) emit(name, unsigned_str(v)); };
  auto h = [&](const char* name, uint64_t v) { if (v) emit(name, hex_str(v)); };
  {
    std::string t = std::to_string(a.type);
    if (std::optional<std::string> n = type_name(a.type)) t += " (" + *n + ")";
    emit("type", t);  // printed even when 0
  }
  u("size", a.size);
  if (a.config || a.type == PERF_TYPE_HARDWARE || a.type == PERF_TYPE_SOFTWARE ||
      a.type == PERF_TYPE_HW_CACHE || a.type == PERF_TYPE_BREAKPOINT)
    emit("config", config_str(a));
  u("{ sample_period, sample_freq }", a.sample_period);
  if (a.sample_type) emit("sample_type", sample_type_names(a.sample_type));
  if (a.read_format) emit("read_format", read_format_names(a.read_format));
  u("disabled", a.disabled);
  u("inherit", a.inherit);
  u("pinned", a.pinned);
  u("exclusive", a.exclusive);
  u("exclude_user", a.exclude_user);
  u("exclude_kernel", a.exclude_kernel);
  u("exclude_hv", a.exclude_hv);
  u("exclude_idle", a.exclude_idle);
  u("mmap", a.mmap);
  u("comm", a.comm);
  u("freq", a.freq);
  u("inherit_stat", a.inherit_stat);
  u("enable_on_exec", a.enable_on_exec);
  u("task", a.task);
  u("watermark", a.watermark);
  u("precise_ip", a.precise_ip);
  u("mmap_data", a.mmap_data);
  u("sample_id_all", a.sample_id_all);
  u("exclude_host", a.exclude_host);
  u("exclude_guest", a.exclude_guest);
  u("exclude_callchain_kernel", a.exclude_callchain_kernel);
  u("exclude_callchain_user", a.exclude_callchain_user);
  u("mmap2", a.mmap2);
  u("comm_exec", a.comm_exec);
  u("use_clockid", a.use_clockid);
  u("context_switch", a.context_switch);
  u("write_backward", a.write_backward);
  u("namespaces", a.namespaces);
  u("ksymbol", a.ksymbol);
  u("bpf_event", a.bpf_event);
  u("aux_output", a.aux_output);
  u("cgroup", a.cgroup);
  u("text_poke", a.text_poke);
  u("build_id", a.build_id);
  u("inherit_thread", a.inherit_thread);
  u("remove_on_exec", a.remove_on_exec);
  u("sigtrap", a.sigtrap);
  u("defer_callchain", a.defer_callchain);
  u("defer_output", a.defer_output);
  u("{ wakeup_events, wakeup_watermark }", a.wakeup_events);
  u("bp_type", a.bp_type);
  h("{ bp_addr, config1 }", a.config1);
  h("{ bp_len, config2 }", a.config2);
  if (a.branch_sample_type) emit("branch_sample_type", branch_sample_type_names(a.branch_sample_type));
  h("sample_regs_user", a.sample_regs_user);
  u("sample_stack_user", a.sample_stack_user);
  if (a.clockid) emit("clockid", std::to_string(a.clockid));
  h("sample_regs_intr", a.sample_regs_intr);
  u("aux_watermark", a.aux_watermark);
  u("sample_max_stack", a.sample_max_stack);
  u("aux_sample_size", a.aux_sample_size);
  u("sig_data", a.sig_data);
  h("config3", a.config3);
  h("config4", a.config4);
}

std::string format_attr(const perf_event_attr& attr, const char* sep) {
  std::string out;
  for_each_printed_attr_field(attr, [&](const char* name, const std::string& value) {
    if (!out.empty()) out += ", ";
    out += name;
    out += sep;
    out += value;
  });
  return out;
}

std::string attr_verbose_block(const perf_event_attr& attr) {
  static const std::string kRule(60, '-');
  std::string out = kRule + "\nperf_event_attr:\n";
  for_each_printed_attr_field(attr, [&](const char* name, const std::string& value) {
    char line[512];
    std::snprintf(line, sizeof line, "  %-32s %s\n", name, value.c_str());
    out += line;
  });
  return out + kRule + "\n";
}

}  // namespace cperf
