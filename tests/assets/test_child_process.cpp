// The importer's child process (assets/import/child_process.h): whatever the work does — answer
// with many megabytes, throw, crash, hang, exhaust memory — the parent gets its bytes or a
// one-line ChildFailure, and carries on.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <thread>
#include <vector>

#include "geometry/primitives.h"
#include "import/child_process.h"
#include "import/mesh_export.h"
#include "import/mesh_import.h"
#include "mesh_files.h"

using namespace contactsim;
using namespace contactsim::testing;

namespace {
std::string failure(const std::function<std::string()>& work, const ChildLimits& limits = {}) {
  try {
    runInChild(work, limits);
  } catch (const ChildFailure& e) {
    const std::string message = e.what();
    CHECK(message.find('\n') == std::string::npos);
    return message;
  }
  FAIL("the child's failure was not reported");
  return {};
}
}  // namespace

TEST_CASE("a child's answer comes back whole, however long", "[import][child]") {
  // 24 MB: far beyond a pipe's buffer, so the parent must read while the child writes.
  std::string expected(24u << 20, '\0');
  for (std::size_t i = 0; i < expected.size(); ++i) expected[i] = static_cast<char>(i * 131 % 251);
  CHECK(runInChild([&] { return expected; }) == expected);
  CHECK(runInChild([] { return std::string(); }).empty());
}

TEST_CASE("a child's exception, crash, hang or exhaustion is a one-line failure",
          "[import][child]") {
  CHECK(failure([]() -> std::string { throw std::runtime_error("bad face count"); }) ==
        "bad face count");
  // The test framework's handlers of these signals, inherited by the child, are reset there (a
  // sanitizer's too), so the child dies of the signal and the parent names it.
  CHECK_THAT(failure([]() -> std::string {
               std::raise(SIGSEGV);
               return "unreachable";
             }),
             Catch::Contains("crashed") && Catch::Contains("Segmentation fault"));
  CHECK_THAT(failure([]() -> std::string { std::abort(); }),
             Catch::Contains("crashed") && Catch::Contains("Aborted"));
  const auto start = std::chrono::steady_clock::now();
  ChildLimits short_time;
  short_time.seconds = 0.3;
  const std::string hung = failure(
      [] {
        std::this_thread::sleep_for(std::chrono::seconds(60));
        return std::string();
      },
      short_time);
  CHECK_THAT(hung, Catch::Contains("did not finish within 0.3 s"));
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(20));
  if (!sanitizedBuild()) {
    ChildLimits small_memory;
    small_memory.memory_bytes = std::size_t{256} << 20;
    const std::string exhausted = failure(
        [] {
          std::vector<char> huge(std::size_t{8} << 30, 1);
          return std::string(1, huge.back());
        },
        small_memory);
    CHECK_THAT(exhausted, Catch::Contains("ran out of memory"));
  }
}

TEST_CASE("a mesh read in a child is the mesh read in this process", "[import][child]") {
  const auto dir = freshDirectory("child");
  writeBinaryStl(dir / "sphere.stl", makeIcosphere(0.25, 3));
  ImportOptions in_process;
  in_process.isolated = false;
  const ImportedMesh a = importMesh(dir / "sphere.stl");
  const ImportedMesh b = importMesh(dir / "sphere.stl", in_process);
  CHECK(a.mesh.vertices() == b.mesh.vertices());
  CHECK(a.mesh.triangles() == b.mesh.triangles());
  CHECK(a.source_meshes == b.source_meshes);
  // The child's refusal keeps the one-line "<file>: <reason>" form. (Read in this process, Assimp
  // leaks 2.5 KB on this file, which LeakSanitizer reports; in the child the leak dies with it.)
  writeText(dir / "corrupt.stl", "solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0\nendsolid");
  try {
    importMesh(dir / "corrupt.stl");
    FAIL("a corrupt file was accepted");
  } catch (const MeshImportError& e) {
    const std::string message = e.what();
    CHECK(message.rfind((dir / "corrupt.stl").string() + ": ", 0) == 0);
    CHECK(message.find('\n') == std::string::npos);
  }
}
