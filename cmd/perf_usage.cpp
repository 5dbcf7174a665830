#include "perf_usage.h"

#include <cstdio>
#include <cstring>
#include <sstream>

namespace cperf {

namespace {

// One option's lines of a usage text: its first line and the lines that continue its help.
struct OptionBlock {
  std::string text;  // the lines, each with its newline
  char short_name = 0;
  std::string long_name, help;
};

// "    -s, --sort <key>   help" or "        --stdio   help": the option column's names.
void option_names(const std::string& line, OptionBlock& b) {
  size_t at = line.find_first_not_of(' ');
  if (at == std::string::npos || line[at] != '-') return;
  if (line[at + 1] != '-') {
    b.short_name = line[at + 1];
    if (line.compare(at + 2, 2, ", ") != 0) return;
    at += 4;
  }
  if (line.compare(at, 2, "--") == 0) {
    size_t end = line.find_first_of(" [=<", at + 2);
    b.long_name = line.substr(at + 2, end == std::string::npos ? std::string::npos : end - at - 2);
  }
}

bool is_option_start(const std::string& line) {
  return line.compare(0, 5, "    -") == 0 || line.compare(0, 10, "        --") == 0;
}

}  // namespace

bool option_named(char short_name, const std::string& long_name, const std::string& help, const std::string& arg) {
  if (arg.empty()) return false;
  if (arg[0] != '-') {
    if (arg.size() == 1) return arg[0] == short_name;
    return arg == long_name || strcasestr(help.c_str(), arg.c_str()) != nullptr;
  }
  return (arg.size() > 1 && short_name && arg[1] == short_name) ||
         (arg.size() > 2 && arg[1] == '-' && arg.substr(2) == long_name);
}

int print_perf_usage(const std::vector<std::string>& args, size_t at) {
  const char* text = perf_usage_text(args.empty() ? "" : args[0]);
  if (!text) return -1;
  if (at + 1 >= args.size()) {
    std::fputs(text, stderr);
    return 129;
  }
  // The head (up to the first option), then the option blocks the words name.
  std::istringstream in(text);
  std::string line, head;
  std::vector<OptionBlock> blocks;
  while (std::getline(in, line)) {
    if (is_option_start(line)) {
      OptionBlock b;
      option_names(line, b);
      b.help = line.size() > 26 ? line.substr(26) : "";
      b.text = line + "\n";
      blocks.push_back(b);
    } else if (!blocks.empty()) {  // the option's help goes on (blank lines too)
      blocks.back().text += line + "\n";
      blocks.back().help += " " + line;
    } else if (line.find("Usage:") != std::string::npos || line.compare(0, 8, "    or: ") == 0) {
      head += line + "\n";
    }
  }
  // the text's closing blank line is not the last option's
  while (!blocks.empty() && blocks.back().text.size() >= 2 &&
         blocks.back().text.compare(blocks.back().text.size() - 2, 2, "\n\n") == 0)
    blocks.back().text.pop_back();
  std::fprintf(stderr, "\n%s\n", head.c_str());
  for (const OptionBlock& b : blocks)
    for (size_t k = at + 1; k < args.size(); ++k)
      if (option_named(b.short_name, b.long_name, b.help, args[k])) {
        std::fputs(b.text.c_str(), stderr);
        break;
      }
  std::fputc('\n', stderr);
  return 129;
}

}  // namespace cperf
