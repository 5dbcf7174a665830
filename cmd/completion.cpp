#include <cstdio>

#include "completion_lists.h"

namespace cperf {

int answer_list_request(const Args& args) {
  if (args.empty()) return -1;
  for (size_t i = 1; i < args.size() && args[i] != "--"; ++i) {
    const char* list = nullptr;
    if (args[i] == "--list-opts")
      list = command_options_list(args[0]);
    else if (args[i] == "--list-cmds")
      // a subcommand named first has none of its own (perf's `data convert --list-cmds`)
      list = i > 1 && args[0] == "data" ? "" : command_subcommands_list(args[0]);
    else
      continue;
    if (!list) return -1;
    std::printf("%s\n", list);
    return 130;
  }
  return -1;
}

}  // namespace cperf
