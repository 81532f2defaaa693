// Mesh import through Assimp: every format Assimp 5.2 reads, merged into one welded body mesh.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>

#include "geometry/tri_mesh.h"
#include "geometry/units.h"
#include "geometry/weld.h"

namespace contactsim {

struct ImportOptions {
  LengthUnit units = LengthUnit::Metre;
  double scale = 1.0;  // applied after the unit conversion
  double weld_relative_tolerance = kDefaultWeldRelativeTolerance;
  // Read the file in a child process (import/child_process.h), so that the importing library
  // crashing, hanging or exhausting memory on a hostile file is an error, not the end of the
  // application. Off only where the reading itself is under test (the fuzzer needs its coverage
  // in-process).
  bool isolated = true;
};

struct ImportedMesh {
  TriMesh mesh;                   // SI units, welded, with topology
  WeldStats weld;                 // what welding did
  std::size_t source_meshes = 0;  // meshes in the file merged into this one
};

// what() is one line: "<file>: <reason>".
class MeshImportError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Throws MeshImportError for a missing, empty, truncated or corrupt file, a file without
// triangles, non-finite coordinates or a non-positive/non-finite scale, and (isolated) when the
// importer crashed, ran out of memory or took longer than two minutes on it.
ImportedMesh importMesh(const std::filesystem::path& file, const ImportOptions& options = {});

}  // namespace contactsim
