#include <catch2/catch.hpp>
#include <fstream>

#include "geometry/primitives.h"
#include "import/child_process.h"
#include "import/mesh_export.h"
#include "import/mesh_import.h"
#include "mesh_files.h"

using namespace contactsim;
using namespace contactsim::testing;

namespace {
// Every import error is one line that starts with the file's name.
std::string importError(const std::filesystem::path& file, const ImportOptions& options = {}) {
  try {
    importMesh(file, options);
  } catch (const MeshImportError& e) {
    const std::string message = e.what();
    CHECK(message.rfind(file.string() + ": ", 0) == 0);
    CHECK(message.find('\n') == std::string::npos);
    return message;
  }
  FAIL("no error for " << file);
  return {};
}
}  // namespace

TEST_CASE("missing, empty and directory paths are named errors", "[import][errors]") {
  const auto dir = freshDirectory("errors");
  CHECK_THAT(importError(dir / "missing.stl"), Catch::Contains("no such file"));
  writeText(dir / "empty.stl", "");
  CHECK_THAT(importError(dir / "empty.stl"), Catch::Contains("empty"));
  CHECK_THAT(importError(dir), Catch::Contains("directory"));
}

TEST_CASE("truncated and corrupt files are named errors", "[import][errors]") {
  const auto dir = freshDirectory("corrupt");
  writeBinaryStl(dir / "full.stl", makeBox(Vec3(1, 1, 1), 2));
  const auto size = std::filesystem::file_size(dir / "full.stl");
  std::filesystem::copy_file(dir / "full.stl", dir / "truncated.stl");
  std::filesystem::resize_file(dir / "truncated.stl", size / 2);
  importError(dir / "truncated.stl");

  std::string garbage(4096, '\0');
  for (std::size_t i = 0; i < garbage.size(); ++i) garbage[i] = static_cast<char>((i * 7919) % 251);
  writeText(dir / "garbage.stl", garbage);
  importError(dir / "garbage.stl");
  writeText(dir / "garbage.obj", "this is not\x01\x02 an obj file {{{\n");
  importError(dir / "garbage.obj");
  writeText(dir / "bad.ply", "ply\nformat ascii 1.0\nelement vertex 3\nend_header\n1 2\n");
  importError(dir / "bad.ply");
}

TEST_CASE("files without triangles are named errors", "[import][errors]") {
  const auto dir = freshDirectory("notriangles");
  writeText(dir / "points.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\n");
  importError(dir / "points.obj");
  writeText(dir / "lines.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nl 1 2\nl 2 3\n");
  CHECK_THAT(importError(dir / "lines.obj"), Catch::Contains("no triangles"));
  writeText(dir / "nofacets.stl", "solid empty\nendsolid empty\n");
  importError(dir / "nofacets.stl");
  // Every triangle collapses when welded: nothing is left.
  writeText(dir / "collapsed.obj", "v 0 0 0\nv 0 0 0\nv 1 0 0\nf 1 2 3\n");
  CHECK_THAT(importError(dir / "collapsed.obj"), Catch::Contains("degenerate"));
}

TEST_CASE("NaN and Inf coordinates are named errors", "[import][errors]") {
  const auto dir = freshDirectory("nan");
  writeText(dir / "nan.obj", "v 0 0 0\nv nan 0 0\nv 0 1 0\nf 1 2 3\n");
  writeText(dir / "inf.stl",
            "solid s\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex inf 0 0\n"
            "vertex 0 1 0\nendloop\nendfacet\nendsolid s\n");
  for (const char* name : {"nan.obj", "inf.stl"}) {
    INFO(name);
    CHECK_THAT(importError(dir / name), Catch::Contains("not finite"));
  }
}

TEST_CASE("a bad scale is a named error", "[import][errors]") {
  const auto dir = freshDirectory("scale");
  writeBinaryStl(dir / "box.stl", makeBox(Vec3(1, 1, 1), 1));
  CHECK_THAT(importError(dir / "box.stl", {LengthUnit::Metre, 0.0}), Catch::Contains("scale"));
  CHECK_THAT(importError(dir / "box.stl", {LengthUnit::Metre, NAN}), Catch::Contains("scale"));
}

// Fuzz finding (fuzz_mesh_import, docs/reliability.md): an OFF file with fewer face lines than
// its header declares left faces without indices; Assimp's Triangulate step asserted on them and
// aborted the process (SIGABRT from `contactsim-cli info`) instead of an error.
TEST_CASE("an OFF file with missing faces is a named error, not an abort", "[import][errors]") {
  const auto dir = freshDirectory("off_missing_faces");
  writeText(dir / "short.off",
            "OFF\n4 4 6\n0 0 0\n1 0 0\n0 1 0\n0 0 1\n3 0 2 1\n3 0 1 3\n3 1 2 32 0 3\n");
  importError(dir / "short.off");
}

// Fuzz finding 11 (fuzz_mesh_import, docs/reliability.md): 72 bytes named .off, digits and a PLY
// format line but neither keyword, made Assimp ask for 53 GB. The header check does not know this
// reading of the file; the importer's child process does not need to: at its address-space limit
// the allocation fails (Assimp reports it as "std::bad_alloc") and becomes a one-line error, and
// whatever size was asked for, this process never holds it.
TEST_CASE("a file that makes the importer ask for 53 GB is a named error", "[import][errors]") {
  // A sanitizer's shadow memory rules out the child's address-space limit, and its allocator
  // would hand out those 53 GB of address space for Assimp to fill.
  if (sanitizedBuild()) return;
  const auto dir = freshDirectory("huge_allocation");
  writeText(dir / "digits.off",
            "3333333333333#&33333333333format binary_big_endian 1.0\n3333333336;666666");
  CHECK_THAT(importError(dir / "digits.off"), Catch::Contains("more memory than the importer"));
}

// Fuzz finding (fuzz_mesh_import, docs/reliability.md): Assimp's OFF and PLY loaders allocate
// the counts a header declares before reading any element, so 109 bytes declaring a billion
// faces asked for 15 GB. The header is now checked against the file's size first.
TEST_CASE("a header declaring more elements than the file holds is a named error",
          "[import][errors]") {
  const auto dir = freshDirectory("declared_counts");
  writeText(dir / "faces.off",
            "OFF\n4 888888888888888888888888888888888888888882 6\n0 0 0\n1 0 0\n0 1 0\n0 0 1\n"
            "3 0 2 1\n");
  // Digits followed by garbage: Assimp still reads the digits (another fuzz finding).
  writeText(dir / "garbled.off",
            "OFF\n4 41111111111111111111111111111\xff\xff\xff 0 0 0\n1 0 0\n0 0 1\n3 0 2 1\n");
  CHECK_THAT(importError(dir / "garbled.off"), Catch::Contains("faces, more than a file of"));
  // A keyword Assimp still takes for OFF ("OFF4"; it looks for "off" in the first bytes).
  writeText(dir / "keyword.off", "OFF4\n 41111111111111111111111111111'11\xff\xff 0\n0 0 3\n");
  CHECK_THAT(importError(dir / "keyword.off"), Catch::Contains("declares"));
  CHECK_THAT(importError(dir / "faces.off"),
             Catch::Contains("declares") && Catch::Contains("faces, more than a file of"));
  writeText(dir / "vertices.ply",
            "ply\nformat ascii 1.0\nelement vertex 4000000000\nproperty float x\n"
            "property float y\nproperty float z\nelement face 1\n"
            "property list uchar int vertex_indices\nend_header\n0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n");
  CHECK_THAT(importError(dir / "vertices.ply"),
             Catch::Contains("declares 4000000000 'vertex' elements"));
  writeText(dir / "faces.ply",
            "ply\nformat binary_little_endian 1.0\nelement vertex 3\nproperty float x\n"
            "property float y\nproperty float z\nelement face 4000000000\n"
            "property list uchar int vertex_indices\nend_header\n");
  CHECK_THAT(importError(dir / "faces.ply"), Catch::Contains("'face' elements"));
  // An honest header passes the check (and imports).
  writeText(dir / "tet.off",
            "OFF\n# a comment\n4 4 6\n0 0 0\n1 0 0\n0 1 0\n0 0 1\n"
            "3 0 2 1\n3 0 1 3\n3 1 2 3\n3 2 0 3\n");
  CHECK(importMesh(dir / "tet.off").mesh.triangleCount() == 4);
}

// Fuzz finding (fuzz_mesh_import, docs/reliability.md): Assimp 5.2's PLY loader never returned
// on a header without end_header (`contactsim-cli info` hung on these 19 bytes).
TEST_CASE("a PLY header without end_header is a named error, not a hang", "[import][errors]") {
  const auto dir = freshDirectory("ply_no_end_header");
  writeText(dir / "open.ply", "ply\nformat ascii 1\x01");
  CHECK_THAT(importError(dir / "open.ply"), Catch::Contains("no end_header"));
  writeText(dir / "open2.ply", "ply\nformat ascii 1.0\nelement vertex 3\n");
  CHECK_THAT(importError(dir / "open2.ply"), Catch::Contains("no end_header"));
  // Assimp reads anything starting with "ply" as PLY (a second fuzz finding, "ply2").
  writeText(dir / "open3.ply", "ply2\nformat ascii 1.0\n 0 bin1\nvt 0 element vertex 4\n");
  CHECK_THAT(importError(dir / "open3.ply"), Catch::Contains("no end_header"));
  writeText(dir / "open4.ply", "PLY\nformat ascii 1.0\n");
  CHECK_THAT(importError(dir / "open4.ply"), Catch::Contains("no end_header"));
}

// Fuzz finding (CI's fuzz_mesh_import): Assimp 5.2 never returned on a PLY whose last bytes are
// "end_header" with a property line outside any element before it (`contactsim-cli info` hung
// on these 52 bytes); a file ending on that line has no data, so it is refused whatever precedes.
TEST_CASE("a PLY that ends on its end_header line is a named error, not a hang",
          "[import][errors]") {
  const auto dir = freshDirectory("ply_ends_in_header");
  for (const char* format : {"ascii", "binary_little_endian"}) {
    const std::string header = std::string("ply\nformat ") + format + " 1.0\nproperty float x\n";
    writeText(dir / "ends.ply", header + "end_header");
    CHECK_THAT(importError(dir / "ends.ply"), Catch::Contains("ends on its end_header line"));
    writeText(dir / "trailing_blanks.ply", header + "end_header   ");
    CHECK_THAT(importError(dir / "trailing_blanks.ply"),
               Catch::Contains("ends on its end_header line"));
  }
  // Fuzz finding (campaign): "end_header" then a vertical tab and the data on the same line
  // hung Assimp too; only blanks may follow the keyword (a CR of a CRLF file is fine).
  writeText(dir / "vtab.ply",
            "ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\n"
            "end_header\v0\n1\n2\n");
  CHECK_THAT(importError(dir / "vtab.ply"), Catch::Contains("more on it than end_header"));
  writeText(dir / "crlf.ply",
            "ply\r\nformat ascii 1.0\r\nelement vertex 3\r\n"
            "property float x\r\nend_header \r\n0\r\n1\r\n2\r\n");
  CHECK_THAT(importError(dir / "crlf.ply"), !Catch::Contains("end_header"));
  // The same header with its line end is Assimp's to judge (it refuses: no vertices).
  writeText(dir / "terminated.ply", "ply\nformat ascii 1.0\nproperty float x\nend_header\n");
  CHECK_THAT(importError(dir / "terminated.ply"), !Catch::Contains("end_header"));
}

// Fuzz finding (fuzz_mesh_import): a binary PLY with a misspelt property type left faces that
// without vertices, which Assimp's Triangulate asserted on and aborted (`contactsim-cli info` →
// SIGABRT). Faces are now checked, and the type flags recomputed, before triangulation.
TEST_CASE("a PLY with a misspelt property type is a named error, not an abort",
          "[import][errors]") {
  const auto dir = freshDirectory("ply_bad_property");
  std::string ply =
      "ply\nformat binary_little_endian 1.0\nelement vertex 4\nproperty float x\n"
      "property flo!t y\nproperty float z\nelement face 4\n"
      "property list uchar int vertex_indices\nend_header\n";
  const unsigned char body[] = {
      0, 0, 0, 0, 0, 0,    0,    0, 0, 0, 0, 0, 0, 0, 0x80, 0x3f, 0, 0, 0, 0, 0, 0,    0,    0, 0,
      0, 0, 0, 0, 0, 0x80, 0x3f, 0, 0, 0, 0, 0, 0, 0, 0,    0,    0, 0, 0, 0, 0, 0x80, 0x3f, 3, 0,
      0, 0, 0, 2, 0, 0,    0,    1, 0, 0, 0, 3, 0, 0, 0,    0,    3, 0, 0, 0, 3, 1,    0,    0, 0,
      2, 0, 0, 0, 3, 0,    0,    0, 3, 2, 0, 0, 0, 0, 0,    0,    0, 0, 3, 0, 0, 0};
  ply.append(reinterpret_cast<const char*>(body), sizeof body);
  writeText(dir / "misspelt.ply", ply);
  CHECK_THAT(importError(dir / "misspelt.ply"), Catch::Contains("a face without vertices"));
}
