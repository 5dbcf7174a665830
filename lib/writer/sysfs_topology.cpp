#include "writer/sysfs_topology.h"

#include <dirent.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "writer/byte_buffer.h"

namespace cperf {

namespace {

bool read_file(const std::string& path, std::string& out) {
  std::ifstream f(path);
  if (!f) return false;
  std::stringstream ss;
  ss << f.rdbuf();
  out = ss.str();
  return true;
}

std::string strip(const std::string& s) {
  size_t a = s.find_first_not_of(" \t\n"), b = s.find_last_not_of(" \t\n");
  return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

// Highest CPU number + 1 of a "0-3,8"-style list.
int list_end(const std::string& list) {
  int end = 0;
  std::stringstream ss(list);
  std::string part;
  while (std::getline(ss, part, ',')) {
    size_t dash = part.find('-');
    if (!strip(part).empty())
      end = std::max(end, std::atoi(part.c_str() + (dash == std::string::npos ? 0 : dash + 1)) + 1);
  }
  return end;
}

struct CacheLevel {
  uint32_t level = 0, line_size = 0, sets = 0, ways = 0;
  std::string type, size, map;
  bool operator==(const CacheLevel&) const = default;
};

// 1: no such cache index; 0: read; -1: a file is missing (perf then writes no CACHE at all).
int read_cache(const std::string& dir, CacheLevel& c) {
  struct stat st;
  if (stat(dir.c_str(), &st) != 0) return 1;
  std::string v[7];
  const char* names[7] = {"level", "coherency_line_size", "number_of_sets",
                          "ways_of_associativity", "type", "size", "shared_cpu_list"};
  for (int i = 0; i < 7; i++)
    if (!read_file(dir + "/" + names[i], v[i])) return -1;
  c.level = static_cast<uint32_t>(std::atoi(v[0].c_str()));
  c.line_size = static_cast<uint32_t>(std::atoi(v[1].c_str()));
  c.sets = static_cast<uint32_t>(std::atoi(v[2].c_str()));
  c.ways = static_cast<uint32_t>(std::atoi(v[3].c_str()));
  c.type = strip(v[4]);
  c.size = strip(v[5]);
  c.map = strip(v[6]);
  return 0;
}

}  // namespace

std::optional<std::vector<std::byte>> encode_cache(const std::string& sysfs) {
  constexpr int kMaxLevels = 4;  // perf reads cache/index0 .. index3
  std::string possible;
  read_file(sysfs + "/devices/system/cpu/possible", possible);
  int nr_cpus = list_end(possible);
  std::vector<CacheLevel> caches;
  for (int cpu = 0; cpu < nr_cpus; cpu++) {
    for (int idx = 0; idx < kMaxLevels; idx++) {
      CacheLevel c;
      std::string dir = sysfs + "/devices/system/cpu/cpu" + std::to_string(cpu) + "/cache/index" +
                        std::to_string(idx);
      int r = read_cache(dir, c);
      if (r < 0) return std::nullopt;
      if (r == 1) break;
      if (std::find(caches.begin(), caches.end(), c) == caches.end()) caches.push_back(c);
    }
  }
  if (caches.empty()) return std::nullopt;
  std::stable_sort(caches.begin(), caches.end(),
                   [](const CacheLevel& a, const CacheLevel& b) { return a.level < b.level; });
  ByteBuffer b;
  b.u32(1);  // version
  b.u32(static_cast<uint32_t>(caches.size()));
  for (const CacheLevel& c : caches) {
    b.u32(c.level);
    b.u32(c.line_size);
    b.u32(c.sets);
    b.u32(c.ways);
    b.perf_string(c.type);
    b.perf_string(c.size);
    b.perf_string(c.map);
  }
  return std::move(b.bytes());
}

std::optional<std::vector<std::byte>> encode_mem_topology(const std::string& sysfs) {
  std::string block;
  if (!read_file(sysfs + "/devices/system/memory/block_size_bytes", block)) return std::nullopt;
  uint64_t block_size = std::strtoull(block.c_str(), nullptr, 16);
  struct Node {
    uint64_t node, bits;
    std::vector<uint64_t> words;
  };
  std::vector<Node> nodes;
  std::string node_dir = sysfs + "/devices/system/node";
  DIR* d = opendir(node_dir.c_str());
  if (!d) return std::nullopt;
  while (dirent* e = readdir(d)) {
    unsigned idx;
    char tail;
    if (std::sscanf(e->d_name, "node%u%c", &idx, &tail) != 1) continue;
    DIR* nd = opendir((node_dir + "/" + e->d_name).c_str());
    if (!nd) continue;
    std::vector<unsigned> blocks;
    while (dirent* m = readdir(nd)) {
      unsigned phys;
      if (std::sscanf(m->d_name, "memory%u", &phys) == 1) blocks.push_back(phys);
    }
    closedir(nd);
    Node n{idx, 1, {}};
    for (unsigned p : blocks) n.bits = std::max<uint64_t>(n.bits, uint64_t{p} + 1);
    n.words.assign((n.bits + 63) / 64, 0);
    for (unsigned p : blocks) n.words[p / 64] |= uint64_t{1} << (p % 64);
    nodes.push_back(std::move(n));
  }
  closedir(d);
  std::sort(nodes.begin(), nodes.end(), [](const Node& a, const Node& b) { return a.node < b.node; });
  ByteBuffer b;
  b.u64(1);  // version
  b.u64(block_size);
  b.u64(nodes.size());
  for (const Node& n : nodes) {
    b.u64(n.node);
    b.u64(n.bits);
    b.u64(n.bits);  // the bitmap's own length, then its words
    for (uint64_t w : n.words) b.u64(w);
  }
  return std::move(b.bytes());
}

namespace {

// The caps/ files of a PMU as (name, value), in directory order; empty without caps/.
std::vector<std::pair<std::string, std::string>> pmu_caps(const std::string& dir) {
  std::vector<std::pair<std::string, std::string>> out;
  DIR* d = opendir((dir + "/caps").c_str());
  if (!d) return out;
  while (dirent* e = readdir(d)) {
    if (e->d_name[0] == '.') continue;
    std::string value;
    if (read_file(dir + "/caps/" + e->d_name, value)) out.emplace_back(e->d_name, strip(value));
  }
  closedir(d);
  return out;
}

void put_caps(ByteBuffer& b, const std::vector<std::pair<std::string, std::string>>& caps) {
  b.u32(static_cast<uint32_t>(caps.size()));
  for (const auto& [name, value] : caps) {
    b.perf_string(name);
    b.perf_string(value);
  }
}

}  // namespace

std::vector<std::byte> encode_cpu_pmu_caps(const std::string& sysfs) {
  ByteBuffer b;
  put_caps(b, pmu_caps(sysfs + "/bus/event_source/devices/cpu"));
  return std::move(b.bytes());
}

std::vector<std::byte> encode_pmu_caps(const std::string& sysfs) {
  const std::string dir = sysfs + "/bus/event_source/devices";
  std::vector<std::pair<std::string, std::vector<std::pair<std::string, std::string>>>> pmus;
  if (DIR* d = opendir(dir.c_str())) {
    while (dirent* e = readdir(d)) {
      std::string name = e->d_name;
      if (name[0] == '.' || name == "cpu") continue;  // "cpu" is CPU_PMU_CAPS's
      auto caps = pmu_caps(dir + "/" + name);
      if (!caps.empty()) pmus.emplace_back(name, std::move(caps));
    }
    closedir(d);
  }
  std::sort(pmus.begin(), pmus.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  ByteBuffer b;
  b.u32(static_cast<uint32_t>(pmus.size()));
  for (const auto& [name, caps] : pmus) {
    put_caps(b, caps);
    b.perf_string(name);
  }
  return std::move(b.bytes());
}

}  // namespace cperf
