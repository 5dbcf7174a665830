#include "header/feature_text.h"

#include <algorithm>
#include <cstdlib>
#include <cinttypes>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <ctime>

#include "format/attr_print.h"
#include "format/file_header.h"
#include "header/bpf_prog_info.h"
#include "header/feature_print.h"
#include "io/perf_data_reader.h"

namespace cperf {
namespace {

[[gnu::format(printf, 2, 3)]] void appendf(std::string& out, const char* fmt, ...) {
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  int n = std::vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  if (n < 0) return;
  if (static_cast<size_t>(n) < sizeof buf) {
    out.append(buf, n);
    return;
  }
  // Long values (cmdline args, cpu maps) need a second, exact-size pass.
  std::string big(n + 1, '\0');
  va_start(ap, fmt);
  std::vsnprintf(big.data(), big.size(), fmt, ap);
  va_end(ap);
  out.append(big.data(), n);
}

// Reads `nr` header strings; the count comes from the file, so it is checked against the bytes
// left (each string takes at least its u32 length) before anything is reserved.
bool read_strings(ByteReader& r, uint32_t nr, std::vector<std::string>& out) {
  if (nr > r.remaining() / 4) return false;
  for (uint32_t i = 0; i < nr; ++i) {
    std::string s;
    if (!read_header_string(r, s)) return false;
    out.push_back(std::move(s));
  }
  return true;
}

bool one_string(ByteReader& r, const char* fmt, std::string& out) {
  std::string s;
  if (!read_header_string(r, s)) return false;
  appendf(out, fmt, s.c_str());
  return true;
}

// Runs of consecutive values as "a-b", singles as "a", joined by ',' (perf's cpu map style).
std::string ranges_string(const std::vector<int>& v) {
  std::string out;
  for (size_t i = 0; i < v.size();) {
    size_t j = i;
    while (j + 1 < v.size() && v[j + 1] == v[j] + 1) ++j;
    if (!out.empty()) out += ',';
    out += std::to_string(v[i]);
    if (j > i) out += '-' + std::to_string(v[j]);
    i = j + 1;
  }
  return out;
}

// perf's unit_number__scnprintf: divide by 1024 while the quotient stays above 1.
std::string unit_number(uint64_t n) {
  static const char kUnits[] = "BKMG";
  int i = 0;
  while (n / 1024 > 1 && i < 3) {
    n /= 1024;
    ++i;
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, "%" PRIu64 "%c", n, kUnits[i]);
  return buf;
}

bool text_nrcpus(ByteReader& r, const FeatureEnv&, std::string& out) {
  uint32_t avail = r.u32();
  uint32_t online = r.u32();
  if (!r.ok()) return false;
  appendf(out, "# nrcpus online : %u\n# nrcpus avail : %u\n", online, avail);
  return true;
}

bool text_total_mem(ByteReader& r, const FeatureEnv&, std::string& out) {
  uint64_t kb = r.u64();
  if (!r.ok()) return false;
  appendf(out, "# total memory : %" PRIu64 " kB\n", kb);
  return true;
}

bool text_cmdline(ByteReader& r, const FeatureEnv&, std::string& out) {
  std::vector<std::string> args;
  if (!read_strings(r, r.u32(), args) || !r.ok()) return false;
  out += "# cmdline : ";
  for (const auto& a : args) {
    // perf escapes single quotes so the line can be pasted back into a shell.
    for (char c : a) {
      if (c == '\'') out += "\\'";
      else out += c;
    }
    out += ' ';
  }
  out += '\n';
  return true;
}

bool text_event_desc(ByteReader& r, const FeatureEnv& env, std::string& out) {
  std::vector<EventDesc> descs;
  if (!decode_event_desc(r.data(), env.swap, descs)) return false;
  for (const auto& d : descs) {
    appendf(out, "# event : name = %s, ", d.name.c_str());
    if (!d.ids.empty()) {
      out += ", id = {";
      for (size_t i = 0; i < d.ids.size(); ++i)
        appendf(out, "%s %" PRIu64, i ? "," : "", d.ids[i]);
      out += " }";
    }
    for_each_printed_attr_field(d.attr, [&](const char* name, const std::string& value) {
      appendf(out, ", %s = %s", name, value.c_str());
    });
    out += '\n';
  }
  return true;
}

// Per-cpu ids trail the sibling lists; files from old perf stop before them.
bool read_cpu_ids(ByteReader& r, uint32_t nr_cpus, std::vector<uint32_t>& a,
                  std::vector<uint32_t>* b) {
  if (nr_cpus > r.remaining() / 4) return false;
  for (uint32_t i = 0; i < nr_cpus; ++i) {
    a.push_back(r.u32());
    if (b) b->push_back(r.u32());
  }
  return r.ok();
}

bool text_cpu_topology(ByteReader& r, const FeatureEnv& env, std::string& out) {
  std::vector<std::string> sockets, threads, dies;
  if (!read_strings(r, r.u32(), sockets) || !read_strings(r, r.u32(), threads)) return false;
  if (!r.ok()) return false;
  std::vector<uint32_t> core, socket, die;
  bool have_ids = r.remaining() > 0;
  if (have_ids && !read_cpu_ids(r, env.nr_cpus_avail, core, &socket)) return false;
  if (r.remaining() > 0) {
    if (!read_strings(r, r.u32(), dies) || !r.ok()) return false;
    if (!read_cpu_ids(r, env.nr_cpus_avail, die, nullptr)) return false;
  }
  for (const auto& s : sockets) appendf(out, "# sibling sockets : %s\n", s.c_str());
  for (const auto& s : dies) appendf(out, "# sibling dies    : %s\n", s.c_str());
  for (const auto& s : threads) appendf(out, "# sibling threads : %s\n", s.c_str());
  if (!have_ids) {
    out += dies.empty() ? "# Core ID and Socket ID information is not available\n"
                        : "# Core ID, Die ID and Socket ID information is not available\n";
    return true;
  }
  for (uint32_t i = 0; i < env.nr_cpus_avail; ++i) {
    int c = static_cast<int>(core[i]), s = static_cast<int>(socket[i]);
    if (dies.empty())
      appendf(out, "# CPU %u: Core ID %d, Socket ID %d\n", i, c, s);
    else
      appendf(out, "# CPU %u: Core ID %d, Die ID %d, Socket ID %d\n", i, c,
              static_cast<int>(die[i]), s);
  }
  return true;
}

bool text_numa_topology(ByteReader& r, const FeatureEnv&, std::string& out) {
  uint32_t nr = r.u32();
  if (!r.ok() || nr > r.remaining() / 24) return false;
  for (uint32_t i = 0; i < nr; ++i) {
    uint32_t node = r.u32();
    uint64_t total = r.u64();
    uint64_t free_kb = r.u64();
    std::string list;
    std::vector<int> cpus;
    if (!read_header_string(r, list) || !parse_cpu_list(list, cpus)) return false;
    appendf(out, "# node%u meminfo  : total = %" PRIu64 " kB, free = %" PRIu64 " kB\n", node,
            total, free_kb);
    appendf(out, "# node%u cpu list : %s\n", node, cpu_list_string(cpus).c_str());
  }
  return true;
}

bool read_pmu_mappings(ByteReader& r, std::vector<std::pair<std::string, uint32_t>>& maps) {
  uint32_t nr = r.u32();
  if (!r.ok() || nr > r.remaining() / 8) return false;
  for (uint32_t i = 0; i < nr; ++i) {
    uint32_t type = r.u32();
    std::string name;
    if (!read_header_string(r, name)) return false;
    maps.emplace_back(std::move(name), type);
  }
  return true;
}

bool text_pmu_mappings(ByteReader& r, const FeatureEnv&, std::string& out) {
  std::vector<std::pair<std::string, uint32_t>> maps;
  if (!read_pmu_mappings(r, maps)) return false;
  if (maps.empty()) {
    out += "# pmu mappings: not available\n";
    return true;
  }
  out += "# pmu mappings: ";
  for (size_t i = 0; i < maps.size(); ++i)
    appendf(out, "%s%s = %u", i ? ", " : "", maps[i].first.c_str(), maps[i].second);
  out += '\n';
  return true;
}



bool text_group_desc(ByteReader& r, const FeatureEnv& env, std::string& out) {
  std::vector<GroupDesc> groups;
  if (!read_group_desc(r, groups)) return false;
  // perf walks its evlist: a leader with more than one member opens "{", members follow it.
  for (const auto& g : groups) {
    std::string text = group_text(g, env.event_names);
    if (!text.empty()) out += "# group: " + text + "\n";
  }
  return true;
}

bool text_cache(ByteReader& r, const FeatureEnv&, std::string& out) {
  uint32_t version = r.u32();
  uint32_t cnt = r.u32();
  if (!r.ok() || version != 1 || cnt > r.remaining() / 28) return false;
  std::string text = "# CPU cache info:\n";
  for (uint32_t i = 0; i < cnt; ++i) {
    uint32_t level = r.u32();
    r.skip(12);  // line_size, sets, ways: perf does not print them
    std::string type, size, map;
    if (!read_header_string(r, type) || !read_header_string(r, size) ||
        !read_header_string(r, map))
      return false;
    appendf(text, "#  L%d %-15s %8s [%s]\n", static_cast<int>(level), type.c_str(), size.c_str(),
            map.c_str());
  }
  out += text;
  return true;
}

bool text_sample_time(ByteReader& r, const FeatureEnv&, std::string& out) {
  uint64_t first = r.u64();
  uint64_t last = r.u64();
  if (!r.ok()) return false;
  auto usec = [](uint64_t ns) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%" PRIu64 ".%06" PRIu64, ns / 1000000000,
                  ns % 1000000000 / 1000);
    return std::string(buf);
  };
  appendf(out, "# time of first sample : %s\n", usec(first).c_str());
  appendf(out, "# time of last sample : %s\n", usec(last).c_str());
  appendf(out, "# sample duration : %10.3f ms\n", static_cast<double>(last - first) / 1e6);
  return true;
}

bool text_mem_topology(ByteReader& r, const FeatureEnv&, std::string& out) {
  uint64_t version = r.u64();
  uint64_t bsize = r.u64();
  uint64_t nr = r.u64();
  if (!r.ok() || version != 1 || nr > r.remaining() / 24) return false;
  std::string text;
  appendf(text, "# memory nodes (nr %d, block size 0x%" PRIx64 "):\n", static_cast<int>(nr),
          bsize);
  for (uint64_t i = 0; i < nr; ++i) {
    uint64_t node = r.u64();
    r.u64();  // the node's size field; the bitmap carries its own bit count
    uint64_t bits = r.u64();
    if (!r.ok() || bits > r.remaining() * 8) return false;
    std::vector<int> set;
    for (uint64_t w = 0; w < (bits + 63) / 64; ++w) {
      uint64_t word = r.u64();
      for (int b = 0; b < 64 && w * 64 + b < bits; ++b)
        if ((word >> b) & 1) set.push_back(static_cast<int>(w * 64 + b));
    }
    if (!r.ok()) return false;
    appendf(text, "#  %3" PRIu64 " [%s]: %s\n", node, unit_number(bsize * set.size()).c_str(),
            ranges_string(set).c_str());
  }
  out += text;
  return true;
}

bool text_u64_line(ByteReader& r, const char* fmt, uint64_t scale, std::string& out) {
  uint64_t v = r.u64();
  if (!r.ok()) return false;
  appendf(out, fmt, v * scale);
  return true;
}


bool text_bpf_btf(ByteReader& r, const FeatureEnv&, std::string& out) {
  uint32_t count = r.u32();
  if (!r.ok() || count > r.remaining() / 8) return false;
  std::vector<uint32_t> ids;
  for (uint32_t i = 0; i < count; ++i) {
    ids.push_back(r.u32());
    r.skip(r.u32());
  }
  if (!r.ok()) return false;
  if (ids.empty()) out += "# btf info empty\n";
  std::sort(ids.begin(), ids.end());  // perf keeps them in a tree keyed by id
  for (uint32_t id : ids) appendf(out, "# btf info of id %u\n", id);
  return true;
}

bool text_compressed(ByteReader& r, const FeatureEnv&, std::string& out) {
  r.u32();  // version
  uint32_t type = r.u32();
  uint32_t level = r.u32();
  uint32_t ratio = r.u32();
  r.u32();  // mmap_len
  if (!r.ok()) return false;
  appendf(out, "# compressed : %s, level = %d, ratio = %d\n", type == 1 ? "Zstd" : "Unknown",
          static_cast<int>(level), static_cast<int>(ratio));
  return true;
}

// u32 nr, then nr (name, value) string pairs, kept as "name=value".
bool read_caps(ByteReader& r, std::vector<std::string>& caps) {
  uint32_t nr = r.u32();
  if (!r.ok() || nr > r.remaining() / 8) return false;
  for (uint32_t i = 0; i < nr; ++i) {
    std::string name, value;
    if (!read_header_string(r, name) || !read_header_string(r, value)) return false;
    caps.push_back(name + "=" + value);
  }
  return true;
}

void caps_line(const std::string& pmu, const std::vector<std::string>& caps, std::string& out) {
  if (caps.empty()) {
    appendf(out, "# %s pmu capabilities: not available\n", pmu.c_str());
    return;
  }
  appendf(out, "# %s pmu capabilities: ", pmu.c_str());
  for (size_t i = 0; i < caps.size(); ++i) appendf(out, "%s%s", i ? ", " : "", caps[i].c_str());
  out += '\n';
}

bool text_cpu_pmu_caps(ByteReader& r, const FeatureEnv&, std::string& out) {
  std::vector<std::string> caps;
  if (!read_caps(r, caps)) return false;
  caps_line("cpu", caps, out);
  return true;
}

// perf adds a hint on AMD hosts whose core PMU has no precise sampling but an IBS op PMU.
bool wants_amd_ibs_note(const FeatureEnv& env) {
  bool x86 = env.arch == "x86_64" || env.arch == "i386" || env.arch == "i686" ||
             env.arch == "x86";
  if (!x86 || std::find(env.pmu_names.begin(), env.pmu_names.end(), "ibs_op") ==
                  env.pmu_names.end())
    return false;
  for (const auto& cap : env.cpu_pmu_caps)
    if (cap.rfind("max_precise=", 0) == 0) return std::atoi(cap.c_str() + 12) == 0;
  return false;
}

bool text_pmu_caps(ByteReader& r, const FeatureEnv& env, std::string& out) {
  uint32_t nr_pmu = r.u32();
  if (!r.ok() || nr_pmu > r.remaining() / 8) return false;
  std::string text;
  for (uint32_t i = 0; i < nr_pmu; ++i) {
    std::vector<std::string> caps;
    std::string pmu;
    if (!read_caps(r, caps) || !read_header_string(r, pmu)) return false;
    caps_line(pmu, caps, text);
  }
  if (wants_amd_ibs_note(env))
    text += "# AMD systems uses ibs_op// PMU for some precise events, e.g.: cycles:p, see the "
            "'perf list' man page for further details.\n";
  out += text;
  return true;
}


bool text_clock_data(ByteReader& r, const FeatureEnv&, std::string& out) {
  uint32_t version = r.u32();
  uint32_t clockid = r.u32();
  uint64_t tod_ns = r.u64();
  uint64_t clk_ns = r.u64();
  if (!r.ok() || version != 1) return false;
  time_t tod_s = static_cast<time_t>(tod_ns / 1000000000);
  int tod_us = static_cast<int>(tod_ns % 1000000000 / 1000);
  char date[64] = "";
  struct tm tm;
  if (localtime_r(&tod_s, &tm)) std::strftime(date, sizeof date, "%F %T", &tm);
  appendf(out, "# clockid: %s (%u)\n", clockid_name(clockid), clockid);
  appendf(out, "# reference time: %s.%06d = %ld.%06d (TOD) = %ld.%09ld (%s)\n", date, tod_us,
          static_cast<long>(tod_s), tod_us, static_cast<long>(clk_ns / 1000000000),
          static_cast<long>(clk_ns % 1000000000), clockid_name(clockid));
  return true;
}

bool text_hybrid_topology(ByteReader& r, const FeatureEnv&, std::string& out) {
  uint32_t nr = r.u32();
  if (!r.ok() || nr > r.remaining() / 8) return false;
  std::string text = "# hybrid cpu system:\n";
  for (uint32_t i = 0; i < nr; ++i) {
    std::string pmu, cpus;
    if (!read_header_string(r, pmu) || !read_header_string(r, cpus)) return false;
    appendf(text, "# %s cpu list : %s\n", pmu.c_str(), cpus.c_str());
  }
  out += text;
  return true;
}

bool read_domain(ByteReader& r, uint32_t version, std::string& text) {
  uint32_t domain = r.u32();
  std::string name, map, list;
  if (!r.ok()) return false;
  if (version >= 17 && !read_header_string(r, name)) return false;
  if (!read_header_string(r, map) || !read_header_string(r, list)) return false;
  appendf(text, "# Domain\t\t: %u\n", domain);
  if (version >= 17) appendf(text, "# Domain name      : %s\n", name.c_str());
  appendf(text, "# Domain cpu map   : %s\n", map.c_str());
  appendf(text, "# Domain cpu list  : %s\n", list.c_str());
  return true;
}

bool text_cpu_domain_info(ByteReader& r, const FeatureEnv& env, std::string& out) {
  if (r.size() < 8) {
    std::fprintf(stderr, "Invalid HEADER_CPU_DOMAIN_INFO: section too small (%zu) for %u CPUs\n",
                 r.size(), env.nr_cpus_avail);
    return false;
  }
  uint32_t version = r.u32();
  uint32_t max_domains = r.u32();
  std::string text;
  appendf(text, "# schedstat version\t: %u\n# Maximum sched domains\t: %u\n", version,
          max_domains);
  // Only cpus that have sched domains are stored, each tagged with its number.
  for (uint32_t n = 0; n < env.nr_cpus_avail && r.remaining() > 0; ++n) {
    uint32_t cpu = r.u32();
    uint32_t nr_domains = r.u32();
    if (!r.ok() || cpu >= env.nr_cpus_avail || nr_domains > r.remaining() / 4) return false;
    appendf(text, "# cpu\t\t: %u\n# nr_domains\t: %u\n", cpu, nr_domains);
    for (uint32_t d = 0; d < nr_domains; ++d)
      if (!read_domain(r, version, text)) return false;
  }
  out += text;
  return true;
}

bool text_e_machine(ByteReader& r, const FeatureEnv&, std::string& out) {
  uint32_t machine = r.u32();
  uint32_t flags = r.u32();
  if (!r.ok()) return false;
  appendf(out, "# e_machine : %u\n#   e_flags : %u\n", machine, flags);
  return true;
}

bool text_cln_size(ByteReader& r, const FeatureEnv&, std::string& out) {
  uint32_t size = r.u32();
  if (!r.ok()) return false;
  appendf(out, "# cacheline size: %u\n", size);
  return true;
}

bool text_fixed(const char* line, std::string& out) {
  out += line;
  return true;
}

bool dispatch(int feat, ByteReader& r, const FeatureEnv& env, std::string& out) {
  switch (feat) {
    case HEADER_HOSTNAME: return one_string(r, "# hostname : %s\n", out);
    case HEADER_OSRELEASE: return one_string(r, "# os release : %s\n", out);
    case HEADER_VERSION: return one_string(r, "# perf version : %s\n", out);
    case HEADER_ARCH: return one_string(r, "# arch : %s\n", out);
    case HEADER_NRCPUS: return text_nrcpus(r, env, out);
    case HEADER_CPUDESC: return one_string(r, "# cpudesc : %s\n", out);
    case HEADER_CPUID: return one_string(r, "# cpuid : %s\n", out);
    case HEADER_TOTAL_MEM: return text_total_mem(r, env, out);
    case HEADER_CMDLINE: return text_cmdline(r, env, out);
    case HEADER_EVENT_DESC: return text_event_desc(r, env, out);
    case HEADER_CPU_TOPOLOGY: return text_cpu_topology(r, env, out);
    case HEADER_NUMA_TOPOLOGY: return text_numa_topology(r, env, out);
    case HEADER_BRANCH_STACK: return text_fixed("# contains samples with branch stack\n", out);
    case HEADER_PMU_MAPPINGS: return text_pmu_mappings(r, env, out);
    case HEADER_GROUP_DESC: return text_group_desc(r, env, out);
    case HEADER_AUXTRACE:
      return text_fixed("# contains AUX area data (e.g. instruction trace)\n", out);
    case HEADER_STAT: return text_fixed("# contains stat data\n", out);
    case HEADER_CACHE: return text_cache(r, env, out);
    case HEADER_SAMPLE_TIME: return text_sample_time(r, env, out);
    case HEADER_MEM_TOPOLOGY: return text_mem_topology(r, env, out);
    case HEADER_CLOCKID:
      return text_u64_line(r, "# clockid frequency: %" PRIu64 " MHz\n", 1000, out);
    case HEADER_DIR_FORMAT:
      return text_u64_line(r, "# directory data version : %" PRIu64 "\n", 1, out);
    case HEADER_BPF_PROG_INFO: return bpf_prog_info_text(r.data(), env.bpf_btf, env.swap, out);
    case HEADER_BPF_BTF: return text_bpf_btf(r, env, out);
    case HEADER_COMPRESSED: return text_compressed(r, env, out);
    case HEADER_CPU_PMU_CAPS: return text_cpu_pmu_caps(r, env, out);
    case HEADER_CLOCK_DATA: return text_clock_data(r, env, out);
    case HEADER_HYBRID_TOPOLOGY: return text_hybrid_topology(r, env, out);
    case HEADER_PMU_CAPS: return text_pmu_caps(r, env, out);
    case kFeatCpuDomainInfo: return text_cpu_domain_info(r, env, out);
    case kFeatEMachine: return text_e_machine(r, env, out);
    case kFeatClnSize: return text_cln_size(r, env, out);
    default: return true;  // TRACING_DATA, BUILD_ID: no printer
  }
}

}  // namespace

const char* clockid_name(uint32_t id) {
  switch (id) {
    case 0: return "realtime";
    case 1: return "monotonic";
    case 4: return "monotonic_raw";
    case 7: return "boottime";
    case 11: return "tai";
    default: return "(not found)";
  }
}

std::vector<int32_t> cpu_socket_ids(Bytes data, const FeatureEnv& env) {
  ByteReader r(data, env.swap);
  std::vector<std::string> sockets, threads;
  std::vector<uint32_t> core, socket;
  if (!read_strings(r, r.u32(), sockets) || !read_strings(r, r.u32(), threads) || !r.ok() ||
      r.remaining() == 0 || !read_cpu_ids(r, env.nr_cpus_avail, core, &socket))
    return {};
  return std::vector<int32_t>(socket.begin(), socket.end());
}

const char* feature_upper_name(int feat) {
  static const char* const kNames[kFeatLast] = {
      "RESERVED",      "TRACING_DATA",  "BUILD_ID",        "HOSTNAME",      "OSRELEASE",
      "VERSION",       "ARCH",          "NRCPUS",          "CPUDESC",       "CPUID",
      "TOTAL_MEM",     "CMDLINE",       "EVENT_DESC",      "CPU_TOPOLOGY",  "NUMA_TOPOLOGY",
      "BRANCH_STACK",  "PMU_MAPPINGS",  "GROUP_DESC",      "AUXTRACE",      "STAT",
      "CACHE",         "SAMPLE_TIME",   "MEM_TOPOLOGY",    "CLOCKID",       "DIR_FORMAT",
      "BPF_PROG_INFO", "BPF_BTF",       "COMPRESSED",      "CPU_PMU_CAPS",  "CLOCK_DATA",
      "HYBRID_TOPOLOGY", "PMU_CAPS",    "CPU_DOMAIN_INFO", "E_MACHINE",     "CLN_SIZE",
  };
  return feat >= 0 && feat < kFeatLast ? kNames[feat] : nullptr;
}

bool feature_full_only(int feat) {
  switch (feat) {
    case HEADER_CPU_TOPOLOGY:
    case HEADER_NUMA_TOPOLOGY:
    case HEADER_CACHE:
    case HEADER_MEM_TOPOLOGY:
    case HEADER_HYBRID_TOPOLOGY:
    case kFeatCpuDomainInfo:
      return true;
    default:
      return false;
  }
}

bool feature_has_printer(int feat) {
  return feat > HEADER_BUILD_ID && feat < kFeatLast;
}

bool feature_text(int feat, Bytes data, const FeatureEnv& env, std::string& out) {
  ByteReader r(data, env.swap);
  std::string text;
  if (!dispatch(feat, r, env, text)) return false;
  out += text;
  return true;
}

std::string feature_failure_text(int feat) {
  switch (feat) {
    case HEADER_EVENT_DESC: return "# event desc: not available or unable to read\n";
    case HEADER_PMU_MAPPINGS: return "# pmu mappings: unable to read\n";
    default: return "";
  }
}

FeatureEnv feature_env(const PerfDataReader& reader) {
  FeatureEnv env;
  env.swap = reader.swapped();
  const auto& feats = reader.features();
  auto section = [&](int feat) -> ByteReader {
    auto it = feats.find(feat);
    return it == feats.end() ? ByteReader() : ByteReader(it->second, env.swap);
  };
  if (feats.count(HEADER_NRCPUS)) env.nr_cpus_avail = section(HEADER_NRCPUS).u32();
  if (feats.count(HEADER_ARCH)) {
    ByteReader r = section(HEADER_ARCH);
    read_header_string(r, env.arch);
  }
  if (feats.count(HEADER_PMU_MAPPINGS)) {
    ByteReader r = section(HEADER_PMU_MAPPINGS);
    std::vector<std::pair<std::string, uint32_t>> maps;
    read_pmu_mappings(r, maps);
    for (auto& m : maps) env.pmu_names.push_back(m.first);
  }
  if (auto btf = feats.find(HEADER_BPF_BTF); btf != feats.end()) env.bpf_btf = btf->second;
  if (feats.count(HEADER_CPU_PMU_CAPS)) {
    ByteReader r = section(HEADER_CPU_PMU_CAPS);
    read_caps(r, env.cpu_pmu_caps);
  }
  // A pipe's events are named by its EVENT_DESC FEATURE record once that has come (before
  // GROUP_DESC in perf's order); until then perf names them from their attrs.
  std::vector<std::string> desc;
  if (reader.is_pipe()) desc = pipe_event_desc_names(reader);
  for (size_t i = 0; i < reader.attrs().size(); ++i) {
    const auto& a = reader.attrs()[i];
    if (!a.name.empty()) env.event_names.push_back(a.name);
    else if (i < desc.size() && !desc[i].empty()) env.event_names.push_back(desc[i]);
    else env.event_names.push_back(default_event_name(a.attr));
  }
  return env;
}

std::string cpu_list_string(std::vector<int> cpus) {
  std::sort(cpus.begin(), cpus.end());
  cpus.erase(std::unique(cpus.begin(), cpus.end()), cpus.end());
  return ranges_string(cpus);
}

bool parse_cpu_list(const std::string& s, std::vector<int>& cpus) {
  size_t i = 0;
  auto number = [&](long& v) {
    size_t start = i;
    v = 0;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9' && v < 1 << 20) v = v * 10 + (s[i++] - '0');
    return i > start;
  };
  while (i < s.size()) {
    long lo, hi;
    if (!number(lo)) return false;
    hi = lo;
    if (i < s.size() && s[i] == '-') {
      ++i;
      if (!number(hi) || hi < lo) return false;
    }
    for (long c = lo; c <= hi; ++c) cpus.push_back(static_cast<int>(c));
    if (i < s.size() && s[i] != ',') return false;
    if (i < s.size()) ++i;
  }
  return true;
}

bool read_group_desc(ByteReader& r, std::vector<GroupDesc>& groups) {
  uint32_t nr = r.u32();
  if (!r.ok() || nr > r.remaining() / 12) return false;
  groups.assign(nr, GroupDesc{});
  for (auto& g : groups) {
    if (!read_header_string(r, g.name)) return false;
    g.leader = r.u32();
    g.nr_members = r.u32();
  }
  return r.ok();
}

std::string group_text(const GroupDesc& g, const std::vector<std::string>& names) {
  if (g.nr_members <= 1 || g.leader >= names.size()) return "";
  std::string out = (g.name == "{anon_group}" ? "" : g.name) + "{" + names[g.leader];
  for (uint32_t k = 1; k < g.nr_members && g.leader + k < names.size(); ++k) out += "," + names[g.leader + k];
  return out + "}";
}

}  // namespace cperf
