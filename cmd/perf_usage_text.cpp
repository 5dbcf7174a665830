// perf 7.2's usage texts (its `CMD -h` output, byte for byte) for the commands whose options
// cperf parses with CLI11: perf prints them on -h, so cperf does too (cmd/perf_usage.h).
// Regenerate: perf7 CMD -h 2> FILE for report, script, inject, evlist.
#include "perf_usage.h"

namespace cperf {

const char* perf_usage_text(const std::string& command) {
  if (command == "report")
    return R"USAGE(
 Usage: perf report [<options>]

    -b, --branch-stack    use branch records for per branch histogram filling
    -c, --comms <comm[,comm...]>
                          only consider symbols in these comms
    -C, --cpu <cpu>       list of cpus to profile
    -d, --dsos <dso[,dso...]>
                          only consider symbols in these dsos
    -D, --dump-raw-trace  dump raw trace in ASCII
    -F, --fields <key[,keys...]>
                          output field(s): overhead latency overhead_sys overhead_us
			  overhead_guest_sys overhead_guest_us overhead_children
			  latency_children sample period weight1 weight2 weight3
			  ins_lat retire_lat p_stage_cyc op cache memory snoop
			  dtlb pid comm comm_nodigit dso symbol parent cpu socket
			  srcline srcfile local_weight weight transaction trace
			  symbol_size dso_size cgroup cgroup_id ipc_null time
			  code_page_size local_ins_lat ins_lat local_p_stage_cyc
			  p_stage_cyc addr local_retire_lat retire_lat simd
			  type typeoff symoff typecln parallelism tgid dso_from
			  dso_to symbol_from symbol_to mispredict abort in_tx
			  cycles srcline_from srcline_to ipc_lbr addr_from addr_to
			  callchain_branch_predicted callchain_branch_abort
			  callchain_branch_cycles symbol_daddr dso_daddr locked
			  tlb mem snoop dcacheline symbol_iaddr phys_daddr data_page_size
			  blocked
    -f, --force           don't complain, do it
    -g, --call-graph <print_type,threshold[,print_limit],order,sort_key[,branch],value>
                          Display call graph (stack chain/backtrace):

				print_type:	call graph printing style (graph|flat|fractal|folded|none)
				threshold:	minimum call graph inclusion threshold (<percent>)
				print_limit:	maximum number of call graph entry (<number>)
				order:		call graph order (caller|callee)
				sort_key:	call graph sort key (function|address)
				branch:		include last branch info to call graph (branch)
				value:		call graph value (percent|period|count)

				Default: graph,0.5,caller,function,percent
    -G, --inverted        alias for inverted call graph
    -H, --hierarchy       Show entries in a hierarchy
    -i, --input <file>    input file name
    -I, --show-info       Display extended information about perf.data file
    -k, --vmlinux <file>  vmlinux pathname
    -M, --disassembler-style <disassembler style>
                          Specify disassembler style (e.g. -M intel for intel syntax)
    -m, --modules         load module symbols - WARNING: use only with -k and LIVE kernel
    -n, --show-nr-samples
                          Show a column with the number of samples
    -p, --parent <regex>  regex filter to identify parent, see: '--sort parent'
    -q, --quiet           Do not show any warnings or messages
    -s, --sort <key[,key2...]>
                          sort by key(s): overhead latency overhead_sys overhead_us
			  overhead_guest_sys overhead_guest_us overhead_children
			  latency_children sample period weight1 weight2 weight3
			  ins_lat retire_lat p_stage_cyc op cache memory snoop
			  dtlb pid comm comm_nodigit dso symbol parent cpu socket
			  srcline srcfile local_weight weight transaction trace
			  symbol_size dso_size cgroup cgroup_id ipc_null time
			  code_page_size local_ins_lat ins_lat local_p_stage_cyc
			  p_stage_cyc addr local_retire_lat retire_lat simd
			  type typeoff symoff typecln parallelism tgid dso_from
			  dso_to symbol_from symbol_to mispredict abort in_tx
			  cycles srcline_from srcline_to ipc_lbr addr_from addr_to
			  callchain_branch_predicted callchain_branch_abort
			  callchain_branch_cycles symbol_daddr dso_daddr locked
			  tlb mem snoop dcacheline symbol_iaddr phys_daddr data_page_size
			  blocked
    -S, --symbols <symbol[,symbol...]>
                          only consider these symbols
    -t, --field-separator <separator>
                          separator for columns, no spaces will be added between columns '.' is reserved.
    -T, --threads         Show per-thread event counters
    -U, --hide-unresolved
                          Only display entries resolved to a symbol
    -v, --verbose         be more verbose (show symbol address, etc)
    -w, --column-widths <width[,width...]>
                          don't try to adjust column width, use these fixed values
    -x, --exclude-other   Only display entries with parent-match
        --addr2line <path>
                          addr2line binary to use for line numbers
        --addr2line-style <addr2line style>
                          addr2line styles (libdw,llvm,libbfd,addr2line)
        --asm-raw         Display raw encoding of assembly instructions (default)
        --branch-history  add last branch records to call history
        --children        Accumulate callchains of children and show total overhead as well. Enabled by default, use --no-children to disable.
        --demangle        Symbol demangling. Enabled by default, use --no-demangle to disable.
        --demangle-kernel
                          Enable kernel symbol demangling
        --disable-order   Disable raw trace ordering
        --full-source-path
                          Show full source file name path for source lines
        --group           Show event group information together
        --group-sort-idx <n>
                          Sort the output by the event at the index n in group. If n is invalid, sort by the first event. WARNING: should be used on grouped events.
        --header          Show data header.
        --header-only     Show only data header.
        --ignore-callees <regex>
                          ignore callees of these functions in call graphs
        --ignore-vmlinux  don't load vmlinux even if found
        --inline          Show inline function
        --itrace[=<opts>]
                          Instruction Tracing options
				i[period]:    		synthesize instructions events
				y[period]:    		synthesize cycles events (same period as i)
				b:	    		synthesize branches events
				c:	    		synthesize branches events (calls only)
				r:	    		synthesize branches events (returns only)
				x:	    		synthesize transactions events
				w:	    		synthesize ptwrite events
				p:	    		synthesize power events
				o:			synthesize other events recorded due to the use
							of aux-output (refer to perf record)
				I:			synthesize interrupt or similar (asynchronous) events
							(e.g. Intel PT Event Trace)
				e[flags]:		synthesize error events
							each flag must be preceded by + or -
							error flags are: o (overflow)
									 l (data lost)
				d[flags]:		create a debug log
							each flag must be preceded by + or -
							log flags are: a (all perf events)
							               o (output to stdout)
				f:	    		synthesize first level cache events
				m:	    		synthesize last level cache events
				t:	    		synthesize TLB events
				a:	    		synthesize remote access events
				g[len]:     		synthesize a call chain (use with i or x)
				G[len]:			synthesize a call chain on existing event records
				l[len]:     		synthesize last branch entries (use with i or x)
				L[len]:			synthesize last branch entries on existing event records
				sNUMBER:    		skip initial number of events
				q:			quicker (less detailed) decoding
				A:			approximate IPC
				Z:			prefer to ignore timestamps (so-called "timeless" decoding)
				T:			use the timestamp trace as kernel time
				PERIOD[ns|us|ms|i|t]:   specify period to sample stream
				concatenate multiple options. Default is iybxwpe or cewp

        --kallsyms <file>
                          kallsyms pathname
        --latency         Show latency-centric profile rather than the default
			  CPU-consumption-centric profile
			  (requires perf record --latency flag).
        --max-stack <n>   Set the maximum stack depth when parsing the callchain, anything beyond the specified depth will be ignored. Default: kernel.perf_event_max_stack or 127
        --mem-mode        mem access profile
        --mmaps           Display recorded tasks memory maps
        --ns              Show times in nanosecs
        --objdump <path>  objdump binary to use for disassembly and annotations
        --parallelism <parallelism>
                          only consider these parallelism levels (cpu set format)
        --percent-limit <percent>
                          Don't show entries under that percent
        --percent-type <local-period>
                          Set percent type local/global-period/hits
        --percentage <relative|absolute>
                          how to display percentage of filtered entries
        --pid <pid[,pid...]>
                          only consider symbols in these pids
        --prefix <prefix>
                          Add prefix to source file path names in programs (with --prefix-strip)
        --prefix-strip <N>
                          Strip first N entries of source file path name in programs (with --prefix)
        --pretty <key>    pretty printing style key: normal raw
        --raw-trace       Show raw trace event output (do not use print fmt or plugins)
        --samples <n>     Number of samples to save per histogram entry for individual browsing
        --show-cpu-utilization
                          Show sample percentage for different cpu modes
        --show-on-off-events
                          Show the on/off switch events, used with --switch-on and --switch-off
        --show-ref-call-graph
                          Show callgraph from reference event
        --show-total-period
                          Show a column with the sum of periods
        --skip-empty      Do not display empty (or dummy) events in the output
        --socket-filter <n>
                          only show processor socket that match with this filter
        --source          Interleave source code with assembly code (default)
        --stats           Display event stats
        --stdio           Use the stdio interface
        --stdio-color <mode>
                          'always' (default), 'never' or 'auto' only applicable to --stdio mode
        --stitch-lbr      Enable LBR callgraph stitching approach
        --switch-off <event>
                          Stop considering events after the occurrence of this event
        --switch-on <event>
                          Consider events after the occurrence of this event
        --symbol-filter <filter>
                          only show symbols that (partially) match with this filter
        --symfs <directory[,layout]>
                          setup root directory which contains debug files:
				directory:	Look for files with symbols relative to this directory.
				layout:   	Layout of files, 'hierarchy' matches full path (default), 'flat' only matches base name.

        --tasks           Display recorded tasks
        --tid <tid[,tid...]>
                          only consider symbols in these tids
        --time <str>      Time span of interest (start,stop)
        --time-quantum <time (ms|us|ns|s)>
                          Set time quantum for time sort key (default 100ms)
        --total-cycles    Sort all blocks by 'Sampled Cycles%'
        --tui             Use the TUI interface
        --unwind-style <unwind style>
                          unwind styles (libdw,libunwind)

)USAGE";
  if (command == "script")
    return R"USAGE(
 Usage: perf script [<options>]
    or: perf script [<options>] record <script> [<record-options>] <command>
    or: perf script [<options>] report <script> [script-args]
    or: perf script [<options>] <script> [<record-options>] <command>
    or: perf script [<options>] <top-script> [script-args]

    -a, --all-cpus        system-wide collection from all CPUs
    -c, --comms <comm[,comm...]>
                          only display events for these comms
    -C, --cpu <cpu>       list of cpus to profile
    -d, --debug-mode      do various checks like samples ordering and lost events
    -D, --dump-raw-trace  dump raw trace in ASCII
    -F, --fields <str>    comma separated output fields prepend with 'type:'. +field to add and -field to remove.Valid types: hw,sw,trace,raw,synth. Fields: comm,tid,pid,time,cpu,event,trace,ip,sym,dso,dsoff,addr,symoff,srcline,period,iregs,uregs,brstack,brstacksym,flags,data_src,weight,bpf-output,brstackinsn,brstackinsnlen,brstackdisasm,brstackoff,callindent,insn,disasm,insnlen,synth,phys_addr,metric,misc,srccode,ipc,tod,data_page_size,code_page_size,ins_lat,machine_pid,vcpu,cgroup,retire_lat,brcntr
    -f, --force           don't complain, do it
    -g, --gen-script <lang>
                          generate perf-script.xx script in specified language
    -G, --hide-call-graph
                          When printing symbols do not display call chain
    -i, --input <file>    input file name
    -I, --show-info       display extended information from perf.data file
    -k, --vmlinux <file>  vmlinux pathname
    -L, --Latency         show latency attributes (irqs/preemption disabled, etc)
    -l, --list            list available scripts
    -s, --script <name>   script file name (lang:script name, script name, or *)
    -S, --symbols <symbol[,symbol...]>
                          only consider these symbols
    -v, --verbose         be more verbose (show symbol address, etc)
        --addr-range <n>  Use with -S to list traced records within address range
        --addr2line <path>
                          addr2line binary to use for line numbers
        --call-ret-trace[=...]
                          Decode calls and returns from itrace
        --call-trace[=...]
                          Decode calls from itrace
        --deltatime       Show time stamps relative to previous event
        --demangle        Enable symbol demangling
        --demangle-kernel
                          Enable kernel symbol demangling
        --dlarg <argument>
                          filter argument
        --dlfilter <file>
                          filter .so file name
        --dsos <dso[,dso...]>
                          only consider symbols in these DSOs
        --dump-unsorted-raw-trace
                          dump unsorted raw trace in ASCII
        --full-source-path
                          Show full source file name path for source lines
        --graph-function <symbol[,symbol...]>
                          Only print symbols and callees with --call-trace/--call-ret-trace
        --guest-code      Guest code can be found in hypervisor process
        --guestkallsyms <file>
                          file saving guest os /proc/kallsyms
        --guestmodules <file>
                          file saving guest os /proc/modules
        --guestmount <directory>
                          guest mount directory under which every guest os instance has a subdir
        --guestvmlinux <file>
                          file saving guest os vmlinux
        --header          Show data header.
        --header-only     Show only data header.
        --inline          Show inline function
        --insn-trace[=<raw|disasm>]
                          Decode instructions from itrace
        --itrace[=<opts>]
                          Instruction Tracing options
				i[period]:    		synthesize instructions events
				y[period]:    		synthesize cycles events (same period as i)
				b:	    		synthesize branches events
				c:	    		synthesize branches events (calls only)
				r:	    		synthesize branches events (returns only)
				x:	    		synthesize transactions events
				w:	    		synthesize ptwrite events
				p:	    		synthesize power events
				o:			synthesize other events recorded due to the use
							of aux-output (refer to perf record)
				I:			synthesize interrupt or similar (asynchronous) events
							(e.g. Intel PT Event Trace)
				e[flags]:		synthesize error events
							each flag must be preceded by + or -
							error flags are: o (overflow)
									 l (data lost)
				d[flags]:		create a debug log
							each flag must be preceded by + or -
							log flags are: a (all perf events)
							               o (output to stdout)
				f:	    		synthesize first level cache events
				m:	    		synthesize last level cache events
				t:	    		synthesize TLB events
				a:	    		synthesize remote access events
				g[len]:     		synthesize a call chain (use with i or x)
				G[len]:			synthesize a call chain on existing event records
				l[len]:     		synthesize last branch entries (use with i or x)
				L[len]:			synthesize last branch entries on existing event records
				sNUMBER:    		skip initial number of events
				q:			quicker (less detailed) decoding
				A:			approximate IPC
				Z:			prefer to ignore timestamps (so-called "timeless" decoding)
				T:			use the timestamp trace as kernel time
				PERIOD[ns|us|ms|i|t]:   specify period to sample stream
				concatenate multiple options. Default is iybxwpe or cewp

        --kallsyms <file>
                          kallsyms pathname
        --list-dlfilters  list available dlfilters
        --max-blocks <n>  Maximum number of code blocks to dump with brstackinsn
        --max-stack <n>   Set the maximum stack depth when parsing the callchain, anything beyond the specified depth will be ignored. Default: kernel.perf_event_max_stack or 127
        --merge-callchains
                          Enable merge deferred user callchains
        --ns              Use 9 decimal places when displaying time
        --per-event-dump  Dump trace output to files named by the monitored events
        --pid <pid[,pid...]>
                          only consider symbols in these pids
        --reltime         Show time stamps relative to start
        --show-bpf-events
                          Show bpf related events (if recorded)
        --show-cgroup-events
                          Show cgroup events (if recorded)
        --show-kernel-path
                          Show the path of [kernel.kallsyms]
        --show-lost-events
                          Show lost events (if recorded)
        --show-mmap-events
                          Show the mmap events
        --show-namespace-events
                          Show namespace events (if recorded)
        --show-on-off-events
                          Show the on/off switch events, used with --switch-on and --switch-off
        --show-round-events
                          Show round events (if recorded)
        --show-switch-events
                          Show context switch events (if recorded)
        --show-task-events
                          Show the fork/comm/exit events
        --show-text-poke-events
                          Show text poke related events (if recorded)
        --stitch-lbr      Enable LBR callgraph stitching approach
        --stop-bt <symbol[,symbol...]>
                          Stop display of callgraph at these symbols
        --switch-off <event>
                          Stop considering events after the occurrence of this event
        --switch-on <event>
                          Consider events after the occurrence of this event
        --symfs <directory[,layout]>
                          setup root directory which contains debug files:
				directory:	Look for files with symbols relative to this directory.
				layout:   	Layout of files, 'hierarchy' matches full path (default), 'flat' only matches base name.

        --tid <tid[,tid...]>
                          only consider symbols in these tids
        --time <str>      Time span of interest (start,stop)
        --unwind-style <unwind style>
                          unwind styles (libdw,libunwind)
        --xed[=...]       Run xed disassembler on output

)USAGE";
  if (command == "inject")
    return R"USAGE(
 Usage: perf inject [<options>]

    -b, --build-ids       Inject build-ids into the output stream
    -B, --mmap2-buildids  Drop unused mmap events, make others mmap2 with build IDs
    -f, --force           don't complain, do it
    -i, --input <file>    input file name
    -j, --jit             merge jitdump files into perf.data file
    -k, --vmlinux <file>  vmlinux pathname
    -o, --output <file>   output file name
    -s, --sched-stat      Merge sched-stat and sched-switch for getting events where and how long tasks slept
    -v, --verbose         be more verbose (show build ids, etc)
        --aslr            Remap virtual memory addresses similar to ASLR
        --buildid-all     Inject build-ids of all DSOs into the output stream
        --convert-callchain
                          Generate callchains using DWARF and drop register/stack data
        --guest-data[=<opts>]
                          inject events from a guest perf.data file
        --guestmount <directory>
                          guest mount directory under which every guest os instance has a subdir
        --ignore-vmlinux  don't load vmlinux even if found
        --itrace[=<opts>]
                          Instruction Tracing options
				i[period]:    		synthesize instructions events
				y[period]:    		synthesize cycles events (same period as i)
				b:	    		synthesize branches events
				c:	    		synthesize branches events (calls only)
				r:	    		synthesize branches events (returns only)
				x:	    		synthesize transactions events
				w:	    		synthesize ptwrite events
				p:	    		synthesize power events
				o:			synthesize other events recorded due to the use
							of aux-output (refer to perf record)
				I:			synthesize interrupt or similar (asynchronous) events
							(e.g. Intel PT Event Trace)
				e[flags]:		synthesize error events
							each flag must be preceded by + or -
							error flags are: o (overflow)
									 l (data lost)
				d[flags]:		create a debug log
							each flag must be preceded by + or -
							log flags are: a (all perf events)
							               o (output to stdout)
				f:	    		synthesize first level cache events
				m:	    		synthesize last level cache events
				t:	    		synthesize TLB events
				a:	    		synthesize remote access events
				g[len]:     		synthesize a call chain (use with i or x)
				G[len]:			synthesize a call chain on existing event records
				l[len]:     		synthesize last branch entries (use with i or x)
				L[len]:			synthesize last branch entries on existing event records
				sNUMBER:    		skip initial number of events
				q:			quicker (less detailed) decoding
				A:			approximate IPC
				Z:			prefer to ignore timestamps (so-called "timeless" decoding)
				T:			use the timestamp trace as kernel time
				PERIOD[ns|us|ms|i|t]:   specify period to sample stream
				concatenate multiple options. Default is iybxwpe or cewp

        --kallsyms <file>
                          kallsyms pathname
        --known-build-ids <buildid path [,buildid path...]>
                          build-ids to use for given paths
        --mmap2-buildid-all
                          Rewrite all mmap events as mmap2 events with build IDs
        --strip           strip non-synthesized events (use with --itrace)
        --unwind-style <unwind style>
                          unwind styles (libdw,libunwind)
        --vm-time-correlation[=<opts>]
                          correlate time between VM guests and the host

)USAGE";
  if (command == "evlist")
    return R"USAGE(
 Usage: perf evlist [<options>]

    -f, --force           don't complain, do it
    -F, --freq            Show the sample frequency
    -g, --group           Show event group information
    -i, --input <file>    Input file name
    -v, --verbose         Show all event attr details
        --trace-fields    Show tracepoint fields

)USAGE";
  return nullptr;
}

}  // namespace cperf
