// Mesh import through Assimp: every format Assimp 5.2 reads, as one welded body mesh — all of a
// file's objects merged, or one object of an assembly (listMeshObjects). A MeshFile reads a file
// once for any number of such meshes.
#pragma once

#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

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
  // One object of a multi-object file (a name listMeshObjects returns) instead of all of them
  // merged; empty: all of them.
  std::string object{};
};

// An object of a mesh file: a node of its hierarchy that holds triangles (an OBJ `o`/`g` group,
// a glTF or COLLADA node), or one solid of a multi-solid STL. Named by the file where it names
// it ("object N", counting from 1 in file order, where it does not); a name repeated in the file
// gets " (2)", " (3)", … so that every name picks one object.
struct MeshObject {
  std::string name;
  std::size_t triangles = 0;
};

struct ImportedMesh {
  TriMesh mesh;                   // SI units, welded, with topology
  WeldStats weld;                 // what welding did
  std::size_t source_meshes = 0;  // meshes of the file (of the object) merged into this one
};

// what() is one line: "<file>: <reason>".
class MeshImportError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct TriangleSoup;

// A mesh file read once: its objects, and the welded mesh of all of them merged or of any one,
// in any units and scale, without reading the file again. An assembly's import (a body per
// object) and the mesh caches of the GUI and Python keep one per file, so that a file of N objects
// is read once, not once to list them and once per object — each read a child process.
class MeshFile {
 public:
  // Reads `file` (in a child process when options.isolated). Throws MeshImportError for a missing,
  // empty, truncated or corrupt file, a file without triangles or a non-positive/non-finite scale,
  // and (isolated) when the importer crashed, ran out of memory or took longer than two minutes
  // on it.
  explicit MeshFile(const std::filesystem::path& file, const ImportOptions& options = {});
  ~MeshFile();

  const std::filesystem::path& file() const { return file_; }
  // The file's objects in file order (one for a single-object file).
  std::vector<MeshObject> objects() const;
  // What importMesh(file(), options) returns; options.isolated is not used. Throws
  // MeshImportError for non-finite coordinates, a bad scale, a mesh that welding collapses, or an
  // object that is not in the file (naming it and listing the file's objects).
  ImportedMesh mesh(const ImportOptions& options) const;

 private:
  std::filesystem::path file_;
  std::shared_ptr<const TriangleSoup> soup_;  // in the file's units; shared by copies
};

// One mesh of a file read for it alone: MeshFile(file, options).mesh(options), with its errors.
ImportedMesh importMesh(const std::filesystem::path& file, const ImportOptions& options = {});

// The file's objects read for them alone: MeshFile(file, options).objects(), with its errors;
// `options.object` is ignored.
std::vector<MeshObject> listMeshObjects(const std::filesystem::path& file,
                                        const ImportOptions& options = {});

}  // namespace contactsim
