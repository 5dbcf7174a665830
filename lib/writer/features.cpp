#include "writer/features.h"

#include <dirent.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

#include "cmd/version.h"
#include "format/file_header.h"
#include "format/record_types.h"
#include "writer/sysfs_topology.h"

namespace cperf {

namespace {

std::string read_text(const std::string& path) {
  std::ifstream f(path);
  if (!f) return {};
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

std::string trim(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ' || s.back() == '\t')) s.pop_back();
  size_t i = 0;
  while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) i++;
  return s.substr(i);
}

// Values of the first "key : value" line of /proc/cpuinfo for each key.
std::map<std::string, std::string> cpuinfo() {
  std::map<std::string, std::string> m;
  std::ifstream f("/proc/cpuinfo");
  std::string line;
  while (std::getline(f, line)) {
    if (line.empty()) break;  // first processor only
    size_t colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string k = trim(line.substr(0, colon)), v = trim(line.substr(colon + 1));
    m.emplace(k, v);
  }
  return m;
}

// Parses a CPU list such as "0-3,8" into the highest CPU number + 1 (0 if empty).
int list_max_plus_one(const std::string& list) {
  int max = -1;
  std::stringstream ss(list);
  std::string part;
  while (std::getline(ss, part, ',')) {
    size_t dash = part.find('-');
    int v = std::atoi((dash == std::string::npos ? part : part.substr(dash + 1)).c_str());
    if (!trim(part).empty()) max = std::max(max, v);
  }
  return max + 1;
}

std::vector<int> parse_list(const std::string& list) {
  std::vector<int> out;
  std::stringstream ss(trim(list));
  std::string part;
  while (std::getline(ss, part, ',')) {
    if (part.empty()) continue;
    size_t dash = part.find('-');
    int a = std::atoi(part.c_str());
    int b = dash == std::string::npos ? a : std::atoi(part.c_str() + dash + 1);
    for (int i = a; i <= b; i++) out.push_back(i);
  }
  return out;
}

std::vector<std::byte> finish(ByteBuffer& b) { return std::move(b.bytes()); }

uint64_t meminfo_kb(const std::string& text, const std::string& key) {
  size_t p = text.find(key);
  if (p == std::string::npos) return 0;
  p = text.find(':', p);
  return std::strtoull(text.c_str() + p + 1, nullptr, 10);
}

std::vector<std::byte> encode_cpu_topology(int nr_cpus) {
  const std::string base = "/sys/devices/system/cpu/cpu";
  std::vector<std::string> cores, threads, dies;
  auto add_unique = [](std::vector<std::string>& v, const std::string& s) {
    if (!s.empty() && std::find(v.begin(), v.end(), s) == v.end()) v.push_back(s);
  };
  std::vector<uint32_t> core_id(nr_cpus, ~0u), socket_id(nr_cpus, ~0u), die_id(nr_cpus, ~0u);
  for (int c = 0; c < nr_cpus; c++) {
    std::string t = base + std::to_string(c) + "/topology/";
    std::string pkg = trim(read_text(t + "package_cpus_list"));
    if (pkg.empty()) pkg = trim(read_text(t + "core_siblings_list"));
    std::string thr = trim(read_text(t + "core_cpus_list"));
    if (thr.empty()) thr = trim(read_text(t + "thread_siblings_list"));
    add_unique(cores, pkg);
    add_unique(threads, thr);
    add_unique(dies, trim(read_text(t + "die_cpus_list")));
    std::string v;
    if (!(v = trim(read_text(t + "core_id"))).empty()) core_id[c] = std::stoul(v);
    if (!(v = trim(read_text(t + "physical_package_id"))).empty()) socket_id[c] = std::stoul(v);
    if (!(v = trim(read_text(t + "die_id"))).empty()) die_id[c] = std::stoul(v);
  }
  ByteBuffer b;
  b.u32(static_cast<uint32_t>(cores.size()));
  for (const auto& s : cores) b.perf_string(s);
  b.u32(static_cast<uint32_t>(threads.size()));
  for (const auto& s : threads) b.perf_string(s);
  for (int c = 0; c < nr_cpus; c++) {
    b.u32(core_id[c]);
    b.u32(socket_id[c]);
  }
  if (!dies.empty()) {
    b.u32(static_cast<uint32_t>(dies.size()));
    for (const auto& s : dies) b.perf_string(s);
    for (int c = 0; c < nr_cpus; c++) b.u32(die_id[c]);
  }
  return finish(b);
}

std::vector<std::byte> encode_numa_topology() {
  std::vector<int> nodes = parse_list(read_text("/sys/devices/system/node/online"));
  ByteBuffer b;
  b.u32(static_cast<uint32_t>(nodes.size()));
  for (int n : nodes) {
    std::string dir = "/sys/devices/system/node/node" + std::to_string(n) + "/";
    std::string mi = read_text(dir + "meminfo");
    b.u32(static_cast<uint32_t>(n));
    b.u64(meminfo_kb(mi, "MemTotal"));
    b.u64(meminfo_kb(mi, "MemFree"));
    b.perf_string(trim(read_text(dir + "cpulist")));
  }
  return finish(b);
}

// perf's PMU order: name without a "_<number>" suffix (hex suffixes need 3+ digits), then the
// suffix's value; names equal that way keep their directory order (perf sorts stably).
int pmu_name_len_no_suffix(const std::string& name, unsigned long long& num) {
  size_t len = name.size();
  bool hex = false;
  while (len > 0 && std::isxdigit(static_cast<unsigned char>(name[len - 1]))) {
    hex |= !std::isdigit(static_cast<unsigned char>(name[len - 1]));
    len--;
  }
  num = 0;
  if (len > 0 && len != name.size() && name[len - 1] == '_' && (!hex || name.size() - len > 2)) {
    num = std::strtoull(name.c_str() + len, nullptr, 16);
    return static_cast<int>(len - 1);
  }
  return static_cast<int>(name.size());
}

bool pmu_less(const std::string& a, const std::string& b) {
  unsigned long long na, nb;
  int la = pmu_name_len_no_suffix(a, na), lb = pmu_name_len_no_suffix(b, nb);
  int c = std::strncmp(a.c_str(), b.c_str(), static_cast<size_t>(std::min(la, lb)));
  if (la != lb || c != 0 || la == 0) return c < 0;
  return na < nb;
}

// As perf 7.2 lists its PMUs: the core PMUs (those with a "cpus" file, or "cpu"; without any,
// perf's stand-in "cpu" of type PERF_TYPE_RAW), then the others with perf's own "tool" PMU.
std::vector<std::byte> encode_pmu_mappings() {
  constexpr uint32_t kToolPmuType = 0xfffffffe;
  std::vector<std::pair<std::string, uint32_t>> core, other;
  const std::string dir = "/sys/bus/event_source/devices";
  if (DIR* d = opendir(dir.c_str())) {
    while (dirent* e = readdir(d)) {
      if (e->d_name[0] == '.') continue;
      std::string name = e->d_name;
      std::string t = trim(read_text(dir + "/" + name + "/type"));
      if (t.empty()) continue;
      bool is_core = name == "cpu" || access((dir + "/" + name + "/cpus").c_str(), F_OK) == 0;
      (is_core ? core : other).emplace_back(name, static_cast<uint32_t>(std::stoul(t)));
    }
    closedir(d);
  }
  if (core.empty()) core.emplace_back("cpu", PERF_TYPE_RAW);
  other.emplace_back("tool", kToolPmuType);
  auto by_name = [](const auto& a, const auto& b) { return pmu_less(a.first, b.first); };
  std::stable_sort(core.begin(), core.end(), by_name);
  std::stable_sort(other.begin(), other.end(), by_name);
  ByteBuffer b;
  b.u32(static_cast<uint32_t>(core.size() + other.size()));
  for (const auto* list : {&core, &other}) {
    for (const auto& [name, type] : *list) {
      b.u32(type);
      b.perf_string(name);
    }
  }
  return finish(b);
}

}  // namespace

std::vector<std::byte> encode_event_desc(const std::vector<FeatureEvent>& events) {
  uint32_t size = PERF_ATTR_SIZE_VER0;
  for (const auto& e : events) size = std::max(size, minimal_attr_size(e.attr));
  ByteBuffer b;
  b.u32(static_cast<uint32_t>(events.size()));
  b.u32(size);
  for (const auto& e : events) {
    perf_event_attr a = e.attr;
    a.size = size;
    b.raw(&a, size);
    b.u32(static_cast<uint32_t>(e.ids.size()));
    b.perf_string(e.name);
    for (uint64_t id : e.ids) b.u64(id);
  }
  return finish(b);
}

namespace {

// u32 e_machine, u32 e_flags of this program's own ELF header: the machine of the recorded
// code (perf 7.2 takes it from the recorded threads; the same on a non-mixed system).
std::vector<std::byte> encode_e_machine() {
  uint16_t machine = 0;
  uint32_t flags = 0;
  std::ifstream f("/proc/self/exe", std::ios::binary);
  unsigned char h[64] = {};
  if (f.read(reinterpret_cast<char*>(h), sizeof h)) {
    std::memcpy(&machine, h + 18, 2);
    std::memcpy(&flags, h + (h[4] == 2 ? 48 : 36), 4);  // ELFCLASS64 : ELFCLASS32
  }
  ByteBuffer b;
  b.u32(machine);
  b.u32(flags);
  return finish(b);
}

// The L1 data cache line, as perf finds it: sysconf, else cpu0's first cache in sysfs.
uint32_t cacheline_size() {
  long n = sysconf(_SC_LEVEL1_DCACHE_LINESIZE);
  if (n > 0) return static_cast<uint32_t>(n);
  return static_cast<uint32_t>(std::atoi(
      read_text("/sys/devices/system/cpu/cpu0/cache/index0/coherency_line_size").c_str()));
}

}  // namespace

std::vector<std::byte> encode_string_feature(const std::string& s) {
  ByteBuffer b;
  b.perf_string(s);
  return finish(b);
}

std::vector<std::byte> encode_build_ids(const std::vector<BuildIdEntry>& ids) {
  ByteBuffer b;
  for (const BuildIdEntry& e : ids) {
    size_t start = b.size();
    b.u32(PERF_RECORD_HEADER_BUILD_ID);
    uint16_t misc = e.kernel ? PERF_RECORD_MISC_KERNEL : PERF_RECORD_MISC_USER;
    b.u16(static_cast<uint16_t>(misc | (1u << 15)));  // PERF_RECORD_MISC_BUILD_ID_SIZE
    b.u16(0);                                          // size, patched below
    b.u32(static_cast<uint32_t>(-1));                  // pid: the host machine
    uint8_t id[20] = {};
    size_t n = std::min<size_t>(e.build_id.size(), 20);
    std::copy_n(e.build_id.begin(), n, id);
    b.raw(id, 20);
    b.u8(static_cast<uint8_t>(n));
    b.zeros(3);
    b.padded_cstring(e.filename, 64);
    b.patch<uint16_t>(start + 6, static_cast<uint16_t>(b.size() - start));
  }
  return finish(b);
}

// u32 version (1), u32 clockid, u64 time of day (ns), u64 the clock's reading (ns).
std::vector<std::byte> encode_clock_data(const FeatureInputs::Clock& c) {
  ByteBuffer b;
  b.u32(1);
  b.u32(c.clockid);
  b.u64(c.tod_ns);
  b.u64(c.clockid_ns);
  return finish(b);
}

std::string cpu_id_string() {
  auto ci = cpuinfo();
  char buf[128];
  // perf's header cpuid on x86: vendor,family,model,stepping in decimal (the "-%X" form is
  // its PMU-events key, not what goes into the file).
  std::snprintf(buf, sizeof buf, "%s,%u,%u,%u", ci["vendor_id"].c_str(),
                static_cast<unsigned>(std::atoi(ci["cpu family"].c_str())),
                static_cast<unsigned>(std::atoi(ci["model"].c_str())),
                static_cast<unsigned>(std::atoi(ci["stepping"].c_str())));
  return buf;
}

std::string cpu_desc_string() {
  std::string s = cpuinfo()["model name"], out;
  for (char c : s) {
    bool space = c == ' ' || c == '\t';
    if (space && (out.empty() || out.back() == ' ')) continue;
    out += space ? ' ' : c;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

FeatureMap collect_features(const FeatureInputs& in) {
  FeatureMap f;
  utsname u{};
  uname(&u);
  int nr_cpus = list_max_plus_one(read_text("/sys/devices/system/cpu/present"));
  if (nr_cpus <= 0) nr_cpus = static_cast<int>(sysconf(_SC_NPROCESSORS_CONF));

  if (!in.pipe && !in.tracing_data.empty()) f[HEADER_TRACING_DATA] = in.tracing_data;
  if (!in.pipe && !in.build_ids.empty()) f[HEADER_BUILD_ID] = encode_build_ids(in.build_ids);
  f[HEADER_HOSTNAME] = encode_string_feature(u.nodename);
  f[HEADER_OSRELEASE] = encode_string_feature(u.release);
  f[HEADER_VERSION] = encode_string_feature(CPERF_PERF_VERSION ".cperf-" CPERF_VERSION);
  f[HEADER_ARCH] = encode_string_feature(u.machine);
  ByteBuffer b;
  b.u32(static_cast<uint32_t>(nr_cpus));
  b.u32(static_cast<uint32_t>(sysconf(_SC_NPROCESSORS_ONLN)));
  f[HEADER_NRCPUS] = finish(b);
  f[HEADER_CPUDESC] = encode_string_feature(cpu_desc_string());
  f[HEADER_CPUID] = encode_string_feature(cpu_id_string());
  ByteBuffer mem;
  mem.u64(meminfo_kb(read_text("/proc/meminfo"), "MemTotal"));
  f[HEADER_TOTAL_MEM] = finish(mem);
  ByteBuffer cmd;
  char exe[4096];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  exe[n > 0 ? n : 0] = 0;
  cmd.u32(static_cast<uint32_t>(in.cmdline.size() + 1));
  cmd.perf_string(exe);
  for (const auto& a : in.cmdline) cmd.perf_string(a);
  f[HEADER_CMDLINE] = finish(cmd);
  f[HEADER_EVENT_DESC] = encode_event_desc(in.events);
  f[HEADER_CPU_TOPOLOGY] = encode_cpu_topology(nr_cpus);
  f[HEADER_NUMA_TOPOLOGY] = encode_numa_topology();
  f[HEADER_PMU_MAPPINGS] = encode_pmu_mappings();
  if (!in.groups.empty()) {  // u32 count; per group: name, u32 leader index, u32 members
    ByteBuffer g;
    g.u32(static_cast<uint32_t>(in.groups.size()));
    for (const auto& grp : in.groups) {
      g.perf_string(grp.name);
      g.u32(grp.leader);
      g.u32(grp.nr_members);
    }
    f[HEADER_GROUP_DESC] = finish(g);
  }
  if (auto cache = encode_cache()) f[HEADER_CACHE] = std::move(*cache);
  if (!in.pipe && in.have_sample_time) {
    ByteBuffer t;
    t.u64(in.first_sample_time);
    t.u64(in.last_sample_time);
    f[HEADER_SAMPLE_TIME] = finish(t);
  }
  if (auto mem = encode_mem_topology()) f[HEADER_MEM_TOPOLOGY] = std::move(*mem);
  // perf 7.2's bpf_prog_info and btf: no BPF programs or BTF are recorded (a count of 0).
  ByteBuffer none;
  none.u32(0);
  f[HEADER_BPF_PROG_INFO] = none.bytes();
  f[HEADER_BPF_BTF] = none.bytes();
  f[HEADER_CPU_PMU_CAPS] = encode_cpu_pmu_caps();
  f[HEADER_PMU_CAPS] = encode_pmu_caps();
  f[HEADER_E_MACHINE] = encode_e_machine();
  if (uint32_t line = cacheline_size()) {
    ByteBuffer c;
    c.u32(line);
    f[HEADER_CLN_SIZE] = finish(c);
  }
  if (in.clock.used) {
    ByteBuffer res;
    res.u64(in.clock.res_ns);
    f[HEADER_CLOCKID] = finish(res);
    f[HEADER_CLOCK_DATA] = encode_clock_data(in.clock);
  }
  if (in.compression.used) {
    ByteBuffer z;
    z.u32(0);  // version
    z.u32(1);  // zstd
    z.u32(in.compression.level);
    z.u32(in.compression.ratio);
    z.u32(in.compression.mmap_len);
    f[HEADER_COMPRESSED] = finish(z);
  }
  if (in.dir_format) {
    ByteBuffer d;
    d.u64(1);  // perf's directory layout version
    f[HEADER_DIR_FORMAT] = finish(d);
  }
  return f;
}

}  // namespace cperf
