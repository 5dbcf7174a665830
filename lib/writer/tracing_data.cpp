#include "writer/tracing_data.h"

#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>

#include "writer/byte_buffer.h"

namespace cperf {

namespace {

bool slurp(const std::string& path, std::string& out) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return false;
  std::stringstream ss;
  ss << f.rdbuf();
  out = ss.str();
  return true;
}

}  // namespace

std::vector<std::byte> build_tracing_data(
    const std::vector<std::pair<std::string, std::string>>& tracepoints, const std::string& dir) {
  ByteBuffer b;
  const char magic[] = {0x17, 0x08, 0x44, 't', 'r', 'a', 'c', 'i', 'n', 'g'};
  b.raw(magic, sizeof magic);
  b.raw("0.6", 4);
  b.u8(0);  // little endian
  b.u8(static_cast<uint8_t>(sizeof(long)));
  b.u32(static_cast<uint32_t>(sysconf(_SC_PAGESIZE)));
  for (const char* name : {"header_page", "header_event"}) {
    std::string text;
    if (!slurp(dir + "/" + name, text)) return {};
    b.raw(name, std::char_traits<char>::length(name) + 1);
    b.u64(text.size());
    b.raw(text.data(), text.size());
  }
  // ftrace's own events: none.
  std::map<std::string, std::vector<std::string>> systems;
  for (const auto& [sys, name] : tracepoints) {
    auto& v = systems[sys];
    if (std::find(v.begin(), v.end(), name) == v.end()) v.push_back(name);
  }
  std::vector<std::string> ftrace = systems.count("ftrace") ? systems["ftrace"] : std::vector<std::string>{};
  systems.erase("ftrace");
  b.u32(static_cast<uint32_t>(ftrace.size()));
  for (const std::string& name : ftrace) {
    std::string text;
    if (!slurp(dir + "/ftrace/" + name + "/format", text)) return {};
    b.u64(text.size());
    b.raw(text.data(), text.size());
  }
  b.u32(static_cast<uint32_t>(systems.size()));
  for (const auto& [sys, names] : systems) {
    b.raw(sys.c_str(), sys.size() + 1);
    b.u32(static_cast<uint32_t>(names.size()));
    for (const std::string& name : names) {
      std::string text;
      if (!slurp(dir + "/" + sys + "/" + name + "/format", text)) return {};
      b.u64(text.size());
      b.raw(text.data(), text.size());
    }
  }
  b.u32(0);  // kallsyms
  b.u32(0);  // printk formats
  b.u64(0);  // saved cmdlines
  return std::move(b.bytes());
}

}  // namespace cperf
