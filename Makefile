# Thin wrapper over CMake. `make` = release build, `make test` = every test
# (release + ASan/UBSan + fuzz smoke), `make bench` = benchmarks.
CMAKE ?= cmake
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
# WERROR=ON|OFF sets -Werror; left empty, a build directory keeps what it was configured with
# (so `make suites` after `make build WERROR=ON` does not reconfigure it).
WERROR ?=
WERROR_FLAG = $(if $(WERROR),-DYOMI_WERROR=$(WERROR))
FUZZ_SECONDS ?= 20
DATA ?= $(abspath data)

FORMAT_FILES = $(shell git ls-files '*.c' '*.h' 2>/dev/null)

.PHONY: format format-check install all build test test-release test-asan fuzz fuzz-smoke bench regress suites clean example

all: build

build:
	$(CMAKE) -S . -B build -DCMAKE_BUILD_TYPE=Release $(WERROR_FLAG) -DYOMI_DATA=$(DATA) >/dev/null
	$(CMAKE) --build build -j $(JOBS)

build-asan/CMakeCache.txt:
	$(CMAKE) -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DYOMI_SANITIZE=ON $(WERROR_FLAG) -DYOMI_DATA=$(DATA) >/dev/null

test-release: build
	cd build && ctest --output-on-failure -j $(JOBS)

test-asan: build-asan/CMakeCache.txt
	$(CMAKE) --build build-asan -j $(JOBS)
	cd build-asan && YOMI_SANITIZED=1 ctest --output-on-failure -j $(JOBS)

test: test-release test-asan fuzz-smoke

fuzz:
	$(CMAKE) -S . -B build-fuzz -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo -DYOMI_FUZZ=ON $(WERROR_FLAG) >/dev/null
	$(CMAKE) --build build-fuzz -j $(JOBS)

fuzz-smoke: fuzz
	bash tests/fuzz_smoke.sh build-fuzz $(FUZZ_SECONDS)

bench: build
	bash bench/run.sh build $(DATA)

# Opt-in suites outside the repository (no licence to copy them in), e.g. the
# tsumego.js collection: make suites SUITES=../shared/data/go/tsumego.js
SUITES ?=
# One run over every folder, --jobs problems at a time (default: the cores).
SUITE_NODES ?= 2000000
SUITE_JOBS ?=
suites: build
	@test -n "$(SUITES)" || { echo "make suites SUITES=DIR (a folder of problem folders)"; exit 2; }
	./build/yomi go check $(SUITES)/*/ --max-nodes $(SUITE_NODES) $(if $(SUITE_JOBS),--jobs $(SUITE_JOBS)) --quiet

regress: build
	./build/yomi go regress $(DATA)/go/gnugo-regress/reading.tst

example: build
	./build/yomi reversi solve examples/reversi/ffo-end.obf
	./build/yomi go solve examples/go/cho-elementary-0001.json
	./build/yomi clobber solve --batch examples/clobber/boards.txt

format:
	clang-format -i $(FORMAT_FILES)

format-check:
	clang-format --dry-run --Werror $(FORMAT_FILES)

clean:
	rm -rf build build-asan build-fuzz

PREFIX ?= /usr/local
install: build
	$(CMAKE) --install build --prefix $(PREFIX)
