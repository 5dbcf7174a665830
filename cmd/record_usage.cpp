#include "record_usage.h"

#include <cstdio>
#include <sstream>
#include <vector>

namespace cperf {

namespace {

bool is_option_line(const std::string& line) {
  return line.rfind("    -", 0) == 0 || line.rfind("        --", 0) == 0;
}

// The option a usage line starts, as "-c" and "--count" (either may be empty).
void option_names(const std::string& line, std::string& short_name, std::string& long_name) {
  short_name.clear();
  long_name.clear();
  size_t p = line.find_first_not_of(' ');
  if (line.compare(p, 2, "--") != 0) {
    short_name = line.substr(p, 2);
    p = line.find("--", p);
    if (p == std::string::npos) return;
  }
  size_t end = line.find_first_of(" [=", p);
  long_name = line.substr(p, end == std::string::npos ? std::string::npos : end - p);
}

}  // namespace

std::string record_usage_head(bool leading_blank) {
  const std::string all(kRecordUsage);
  std::string head = all.substr(0, all.find("\n\n", 1) + 2);
  return leading_blank ? head : head.substr(1);
}

std::string record_option_lines(const std::vector<std::string>& args) {
  std::vector<std::string> shorts, longs;
  for (const std::string& arg : args) {
    if (arg.rfind("--", 0) == 0) {
      longs.push_back(arg);  // "--name=value" matches no line, as in perf
    } else if (arg.size() >= 2 && arg[0] == '-') {
      shorts.push_back(arg.substr(0, 2));
    }
  }
  auto wanted = [&](const std::string& s, const std::string& l) {
    for (const std::string& w : shorts)
      if (!s.empty() && s == w) return true;
    for (const std::string& w : longs)
      if (!l.empty() && l == w) return true;
    return false;
  };
  // In the order of the usage, each option once.
  std::istringstream in(kRecordUsage);
  std::string line, out;
  size_t pending_blank = 0;
  bool in_option = false;
  while (std::getline(in, line)) {
    if (is_option_line(line)) {
      std::string s, l;
      option_names(line, s, l);
      in_option = wanted(s, l);
      pending_blank = 0;
      if (in_option) out += line + "\n";
      continue;
    }
    if (!in_option) continue;
    if (line.empty()) {  // a blank line inside an option's text, or the end of the list
      pending_blank++;
      continue;
    }
    out.append(pending_blank, '\n');
    pending_blank = 0;
    out += line + "\n";
  }
  return out;
}

std::string record_option_lines(const std::string& arg) { return record_option_lines(std::vector<std::string>{arg}); }

int record_opt_error(const std::string& arg, const std::string& what) {
  std::string who;
  if (arg.rfind("--", 0) == 0) {
    std::string name = arg.substr(2, arg.find('=') == std::string::npos ? std::string::npos : arg.find('=') - 2);
    who = "option `" + name + "'";
  } else {
    who = std::string("switch `") + arg[1] + "'";
  }
  std::fprintf(stderr, " Error: %s %s\n%s%s", who.c_str(), what.c_str(), record_usage_head(false).c_str(),
               record_option_lines(arg).c_str());
  return 129;
}

int record_handler_error(const std::string& arg, const std::string& message) {
  if (!message.empty()) std::fprintf(stderr, "%s\n", message.c_str());
  std::fprintf(stderr, "%s%s", record_usage_head().c_str(), record_option_lines(arg).c_str());
  return 129;
}

}  // namespace cperf
