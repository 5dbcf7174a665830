# cperf build. `make` builds ./cperf; `make test` runs every test; `make deps` installs the
# Debian packages the build needs. Sources are found by globbing, so adding a .cpp needs no edit.
CXX      ?= g++
PREFIX   ?= /usr/local
BASH_COMPLETION_DIR ?= $(PREFIX)/share/bash-completion/completions
PKGS     := libelf libdw libzstd libtraceevent ncursesw
CXXSTD   := -std=c++20
WARN     := -Wall -Wextra -Werror
INCLUDES := -I. -Ilib -Iuapi -Ibuild/gen
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   := $(shell pkg-config --libs $(PKGS) 2>/dev/null)
# Embedded CPython for `script -s x.py`: Debian's libpython3-dev (not a python3 found on PATH).
PY_CFLAGS  := $(shell pkg-config --cflags python3-embed 2>/dev/null)
PY_LIBS    := $(shell pkg-config --libs python3-embed 2>/dev/null)
PY_HOME    := $(shell pkg-config --variable=prefix python3-embed 2>/dev/null)
LIBS     := $(PKG_LIBS) $(PY_LIBS) -lunwind -lunwind-x86_64 -lz -lprotobuf -lbabeltrace-ctf
OPT      ?= -O2 -g
# The debug info names cperf's sources relative to the checkout, so that an object does not
# depend on where the checkout is: ccache (used when the machine has it, as the test command
# installs it) then serves a rebuild of unchanged sources from any earlier checkout.
ifeq ($(origin CCACHE), undefined)
CCACHE   := $(shell command -v ccache 2>/dev/null)
endif
export CCACHE_BASEDIR := $(CURDIR)
export CCACHE_NOHASHDIR := 1
CXXFLAGS += $(CXXSTD) $(WARN) $(OPT) $(INCLUDES) $(PKG_CFLAGS) -fdebug-prefix-map=$(CURDIR)=. -MMD -MP
SAN      := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
# The sanitizer build: line tables only (-g1: reports keep file:line, the build takes a third
# less time) and a fixed-address executable (-no-pie: the sanitizers' million checks each hold
# pointers, which a PIE relocates at every start, touching 30 MB; the robustness tests start it
# thousands of times).
SAN_OPT  := -O1 -g1
SAN_LINK := -no-pie

LIB_SRCS  := $(sort $(wildcard lib/*/*.cpp arch/*/*.cpp))
CMD_SRCS  := $(sort $(wildcard cmd/*.cpp))
# perf's test workloads (`cperf test -w`), in C so that their symbol names are plain.
WL_SRCS   := $(sort $(wildcard cmd/workloads/*.c))
CC       ?= gcc
WL_FLAGS := -std=gnu11 -O1 -g -fno-omit-frame-pointer -Wall -Wextra -Werror
TEST_SRCS := $(sort $(wildcard tests/unit/*.cpp))

BUILD     := build/release
ASAN      := build/asan
# pprof's profile.proto (Debian's golang-github-google-pprof-dev), compiled by protoc for
# `data convert --to-pprof`; its C++ is made in build/gen and built without -Werror (not ours).
PROTO     := /usr/share/gocode/src/github.com/google/pprof/proto/profile.proto
GEN       := build/gen
GEN_SRCS  := $(GEN)/profile.pb.cc
LIB_OBJS  := $(LIB_SRCS:%.cpp=$(BUILD)/%.o) $(BUILD)/gen/profile.pb.o
CMD_OBJS  := $(CMD_SRCS:%.cpp=$(BUILD)/%.o) $(WL_SRCS:%.c=$(BUILD)/%.o)
TEST_OBJS := $(TEST_SRCS:%.cpp=$(BUILD)/%.o)
# The unit tests' own code needs no speed: built a third faster (line tables kept for gdb).
$(TEST_OBJS): OPT = -O1 -g1
ASAN_OBJS := $(LIB_SRCS:%.cpp=$(ASAN)/%.o) $(ASAN)/gen/profile.pb.o $(CMD_SRCS:%.cpp=$(ASAN)/%.o) $(WL_SRCS:%.c=$(BUILD)/%.o)

.PHONY: all man test unit-test e2e-test vm-test fuzz-test check-headers deps install clean bench asan
all: cperf man

cperf: $(CMD_OBJS) $(BUILD)/libcperf.a
	$(CXX) $(CXXFLAGS) -o $@ $(CMD_OBJS) $(BUILD)/libcperf.a $(LIBS) -lm -pthread

$(BUILD)/libcperf.a: $(LIB_OBJS)
	@rm -f $@
	ar rcs $@ $^

# Only the scripting engine (and its unit test) sees Python's headers.
PY_FLAGS := $(PY_CFLAGS) -DCPERF_PYTHON_HOME='"$(PY_HOME)"'
$(BUILD)/lib/scripting/%.o $(ASAN)/lib/scripting/%.o $(BUILD)/tests/unit/py_%.o: CXXFLAGS += $(PY_FLAGS)

$(GEN)/profile.pb.cc $(GEN)/profile.pb.h &: $(PROTO)
	@mkdir -p $(GEN)
	protoc --proto_path=$(dir $(PROTO)) --cpp_out=$(GEN) $(PROTO)
$(BUILD)/gen/profile.pb.o: $(GEN)/profile.pb.cc
	@mkdir -p $(dir $@)
	$(CCACHE) $(CXX) $(CXXSTD) $(OPT) -w -I$(GEN) -c -o $@ $<
$(ASAN)/gen/profile.pb.o: $(GEN)/profile.pb.cc
	@mkdir -p $(dir $@)
	$(CCACHE) $(CXX) $(CXXSTD) -O1 $(SAN) -w -I$(GEN) -c -o $@ $<
# what includes the generated header needs it made first
$(BUILD)/lib/convert/pprof_export.o $(ASAN)/lib/convert/pprof_export.o $(BUILD)/tests/unit/pprof_export_test.o: $(GEN)/profile.pb.h

$(BUILD)/%.o: %.cpp
	@mkdir -p $(dir $@)
	$(CCACHE) $(CXX) $(CXXFLAGS) -c -o $@ $<

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(WL_FLAGS) -MMD -MP -c -o $@ $<

$(ASAN)/%.o: %.cpp
	@mkdir -p $(dir $@)
	$(CCACHE) $(CXX) $(CXXFLAGS) $(SAN) $(SAN_OPT) -c -o $@ $<

# The sanitizer build of the CLI, used by the robustness (fuzz-style) tests.
asan: $(ASAN)/cperf
$(ASAN)/cperf: $(ASAN_OBJS)
	$(CXX) $(CXXFLAGS) $(SAN) $(SAN_OPT) $(SAN_LINK) -o $@ $^ $(LIBS) -lm -pthread

$(BUILD)/unit_tests: $(TEST_OBJS) $(BUILD)/libcperf.a
	$(CXX) $(CXXFLAGS) -o $@ $(TEST_OBJS) $(BUILD)/libcperf.a $(LIBS) -lgtest -lgtest_main -pthread

unit-test: $(BUILD)/unit_tests
	$(BUILD)/unit_tests

e2e-test: cperf
	bash tests/e2e/run-all.sh

# Deferred callchains on a real Linux 7.x kernel under qemu; skips (with the reason) when qemu
# or the kernel package cannot be had. CPERF_VM_TESTS=0 skips it.
vm-test: cperf
	bash tests/vm/run.sh

fuzz-test: $(ASAN)/cperf
	bash tests/fuzz/run-truncation.sh $(ASAN)/cperf
	bash tests/fuzz/run-payloads.sh $(ASAN)/cperf
	$(MAKE) fuzz-replay

# Coverage-guided fuzzing with clang's libFuzzer, under ASan+UBSan: one binary per
# tests/fuzz/targets/*.cpp, linked with the library and commands built by clang with coverage.
# `make fuzz` runs each target for FUZZ_SECONDS (tests/fuzz/libfuzzer.sh); `make fuzz-replay`
# runs every committed corpus input (tests/fuzz/corpus: seeds and the inputs of fixed crashes)
# once, which is quick, and is part of `make fuzz-test`.
FUZZ         := build/fuzz
FUZZ_CXX     ?= clang++
FUZZ_SAN     := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
FUZZ_FLAGS   := $(CXXSTD) -Wall -Wextra -O1 -g $(INCLUDES) $(PKG_CFLAGS) -MMD -MP $(FUZZ_SAN) \
                -DCPERF_SOURCE_DIR='"$(CURDIR)"'
FUZZ_SRCS    := $(sort $(wildcard tests/fuzz/targets/*.cpp))
FUZZ_BINS    := $(FUZZ_SRCS:tests/fuzz/targets/%.cpp=$(FUZZ)/%)
FUZZ_OBJS    := $(LIB_SRCS:%.cpp=$(FUZZ)/%.o) $(FUZZ)/gen/profile.pb.o \
                $(filter-out $(FUZZ)/cmd/main.o,$(CMD_SRCS:%.cpp=$(FUZZ)/%.o))
FUZZ_SECONDS ?= 60
.PHONY: fuzz fuzz-build fuzz-replay fuzz-test-build
$(FUZZ)/lib/scripting/%.o: FUZZ_FLAGS += $(PY_FLAGS)
$(FUZZ)/%.o: %.cpp
	@mkdir -p $(dir $@)
	$(FUZZ_CXX) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<
$(FUZZ)/gen/profile.pb.o: $(GEN)/profile.pb.cc
	@mkdir -p $(dir $@)
	$(FUZZ_CXX) $(CXXSTD) -O1 $(FUZZ_SAN) -fsanitize=fuzzer-no-link -w -I$(GEN) -c -o $@ $<
$(FUZZ)/lib/convert/pprof_export.o: $(GEN)/profile.pb.h
$(FUZZ)/libcperf-fuzz.a: $(FUZZ_OBJS)
	@rm -f $@
	ar rcs $@ $^
$(FUZZ)/%: tests/fuzz/targets/%.cpp $(FUZZ)/libcperf-fuzz.a $(WL_SRCS:%.c=$(BUILD)/%.o)
	$(FUZZ_CXX) $(FUZZ_FLAGS) -Itests/fuzz/targets -fsanitize=fuzzer -o $@ $< $(FUZZ)/libcperf-fuzz.a \
	  $(WL_SRCS:%.c=$(BUILD)/%.o) $(LIBS) -lm -pthread
fuzz-build: $(FUZZ_BINS)
fuzz: fuzz-build
	bash tests/fuzz/libfuzzer.sh run $(FUZZ_SECONDS) $(FUZZ_BINS)
# The replay: the same targets built by g++ on the ASan+UBSan objects of build/asan, with
# tests/fuzz/replay_main.cpp as main (no clang needed).
REPLAY_BINS := $(FUZZ_SRCS:tests/fuzz/targets/%.cpp=$(ASAN)/fuzz/%)
REPLAY_OBJS := $(filter-out $(ASAN)/cmd/main.o,$(ASAN_OBJS)) $(ASAN)/tests/fuzz/replay_main.o
$(ASAN)/fuzz/%: tests/fuzz/targets/%.cpp $(REPLAY_OBJS)
	@mkdir -p $(dir $@)
	$(CXX) $(CXXFLAGS) $(SAN) $(SAN_OPT) $(SAN_LINK) -Itests/fuzz/targets -DCPERF_SOURCE_DIR='"$(CURDIR)"' -o $@ $< \
	  $(REPLAY_OBJS) $(LIBS) -lm -pthread
fuzz-replay: $(REPLAY_BINS)
	bash tests/fuzz/libfuzzer.sh replay 0 $(REPLAY_BINS)
# What fuzz-test runs, built (scripts/run-tests.sh builds it while other tests run).
fuzz-test-build: $(ASAN)/cperf $(REPLAY_BINS)

test: cperf unit-test e2e-test vm-test fuzz-test

# Compares uapi/linux/perf_event.h with the system header; prints differences, never fails.
check-headers:
	@bash scripts/check-headers.sh

deps:
	@bash scripts/install-deps.sh

bench: cperf
	bash bench/run.sh

# Man pages: Documentation/man/*.adoc made man(1) pages by asciidoctor (Debian's package).
MAN_SRCS  := $(wildcard Documentation/man/*.adoc)
MAN_PAGES := $(MAN_SRCS:Documentation/man/%.adoc=build/man/%.1)
man: $(MAN_PAGES)
build/man/%.1: Documentation/man/%.adoc
	@mkdir -p build/man
	asciidoctor -b manpage -a reproducible -o $@ $<

install: cperf man
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 cperf $(DESTDIR)$(PREFIX)/bin/cperf
	install -m 644 $(MAN_PAGES) $(DESTDIR)$(PREFIX)/share/man/man1/
	if [ "$(PERF_ALIAS)" = 1 ]; then ln -sf cperf $(DESTDIR)$(PREFIX)/bin/perf; fi
	# Bash completion (completion/cperf.bash), loaded on demand by bash-completion for cperf,
	# and for perf too when perf is cperf.
	install -d $(DESTDIR)$(BASH_COMPLETION_DIR)
	install -m 644 completion/cperf.bash $(DESTDIR)$(BASH_COMPLETION_DIR)/cperf
	if [ "$(PERF_ALIAS)" = 1 ]; then ln -sf cperf $(DESTDIR)$(BASH_COMPLETION_DIR)/perf; fi
	# The exec path Python scripts get as PERF_EXEC_PATH (cperf finds it from bin/../lib).
	install -d $(DESTDIR)$(PREFIX)/lib/cperf-core/scripts/python/Perf-Trace-Util/lib/Perf/Trace
	install -m 644 perf-core/scripts/python/Perf-Trace-Util/lib/Perf/Trace/*.py \
	  $(DESTDIR)$(PREFIX)/lib/cperf-core/scripts/python/Perf-Trace-Util/lib/Perf/Trace/

clean:
	rm -rf build cperf

-include $(LIB_OBJS:.o=.d) $(CMD_OBJS:.o=.d) $(TEST_OBJS:.o=.d) $(ASAN_OBJS:.o=.d) $(FUZZ_OBJS:.o=.d)
