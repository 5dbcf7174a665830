#include "recorder/event_catalog.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "recorder/event_spec.h"

namespace cperf {

namespace {

std::string hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof(buf), "%#llx", static_cast<unsigned long long>(v));
  return buf;
}

std::string first_line(const std::filesystem::path& p) {
  std::ifstream f(p);
  std::string s;
  std::getline(f, s);
  return s;
}

// Hardware or software events, aliases of one config folded into one entry.
void add_named(std::vector<ListedEvent>& out, uint32_t type) {
  std::vector<ListedEvent> v;
  std::vector<uint64_t> configs;
  for (const NamedEventInfo& n : named_events()) {
    if (n.type != type) continue;
    auto it = std::find(configs.begin(), configs.end(), n.config);
    if (it != configs.end()) {
      v[static_cast<size_t>(it - configs.begin())].names.push_back(n.name);
      continue;
    }
    ListedEvent e;
    e.names.push_back(n.name);
    bool hw = type == PERF_TYPE_HARDWARE;
    e.type = hw ? "Hardware event" : "Software event";
    e.unit = hw ? "cpu" : "software";
    e.encoding = std::string(hw ? "cpu" : "software") + "/config=" + std::to_string(n.config) + "/";
    configs.push_back(n.config);
    v.push_back(e);
  }
  std::sort(v.begin(), v.end(), [](const ListedEvent& a, const ListedEvent& b) { return a.names[0] < b.names[0]; });
  out.insert(out.end(), v.begin(), v.end());
}

void add_tracepoints(std::vector<ListedEvent>& out, const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  std::vector<ListedEvent> v;
  for (const auto& sys : fs::directory_iterator(dir, ec)) {
    if (!sys.is_directory(ec)) continue;
    for (const auto& ev : fs::directory_iterator(sys.path(), ec)) {
      std::string id = first_line(ev.path() / "id");
      if (id.empty()) continue;
      ListedEvent e;
      e.names.push_back(sys.path().filename().string() + ":" + ev.path().filename().string());
      e.type = "Tracepoint event";
      e.unit = "tracepoint";
      e.encoding = "tracepoint/config=" + hex(std::stoull(id)) + "/";
      v.push_back(e);
    }
  }
  std::sort(v.begin(), v.end(), [](const ListedEvent& a, const ListedEvent& b) { return a.names[0] < b.names[0]; });
  out.insert(out.end(), v.begin(), v.end());
}

}  // namespace

std::vector<ListedEvent> list_events(bool core_pmu, const std::string& tracefs) {
  std::vector<ListedEvent> out;
  if (core_pmu) add_named(out, PERF_TYPE_HARDWARE);
  add_named(out, PERF_TYPE_SOFTWARE);
  ListedEvent raw;
  raw.names = {"rNNN"};
  raw.type = "Raw hardware event descriptor";
  raw.description = "A raw event: the hexadecimal config NNN of the CPU's PMU";
  out.push_back(raw);
  ListedEvent pmu;
  pmu.names = {"cpu/t1=v1[,t2=v2,t3 ...]/modifier"};
  pmu.type = "Raw hardware event descriptor";
  pmu.description = "A PMU event by its config terms (config, config1, config2, period, freq)";
  out.push_back(pmu);
  if (!tracefs.empty()) add_tracepoints(out, tracefs);
  return out;
}

}  // namespace cperf
