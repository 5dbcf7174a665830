// record --control: the command channel perf offers to tools that drive a recording
// (fifo:CTL[,ACK] or fd:CTL[,ACK]). Commands are lines: enable [NAME], disable [NAME],
// snapshot, stop, ping, evlist [-v|-g|-F]; each known one is answered "ack\n\0" on ACK.
#pragma once
#include <string>
#include <vector>

namespace cperf {

struct ControlCommand {
  enum Kind { kEnable, kDisable, kSnapshot, kStop, kPing, kEvlist, kUnknown };
  Kind kind = kUnknown;
  std::string arg;  // the event name of enable/disable, the flag of evlist
};

class ControlChannel {
 public:
  ControlChannel() = default;
  ControlChannel(const ControlChannel&) = delete;
  ControlChannel& operator=(const ControlChannel&) = delete;
  ~ControlChannel();

  // Parses and opens perf's --control value. On a bad value returns false with `error`
  // empty (perf prints only its usage) or perf's message.
  bool open(const std::string& spec, std::string& error);
  bool active() const { return ctl_fd_ >= 0; }
  int fd() const { return ctl_fd_; }
  // Reads what is waiting on the control fd; returns the whole lines received so far.
  std::vector<ControlCommand> read_commands();
  void ack() const;
  // The fd is gone (closed by the other side or never valid): stop polling it.
  void drop();

 private:
  int ctl_fd_ = -1, ack_fd_ = -1;
  bool own_fds_ = false;  // fifo: we opened them
  std::string pending_;   // a line not yet ended
};

// One line of the channel as a command (exposed for the unit tests).
ControlCommand parse_control_command(const std::string& line);

}  // namespace cperf
