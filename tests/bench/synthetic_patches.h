// A synthetic contact frame for the render benchmark: a lid resting on a plate through `count`
// contact patches (a rough face: many small contacts, as a CAD pair gives), with irregular
// 64-point contours, tilted normals, normal and friction forces and deepest points, so every
// layer of the default preset has something to draw. The lid rocks and slides from frame to
// frame and its patches move with it.
#pragma once

#include <memory>
#include <vector>

#include "geometry/tri_mesh.h"
#include "sim/simulation_frame.h"

namespace contactsim::bench {

class SyntheticPatches {
 public:
  explicit SyntheticPatches(int count);

  // Plate (body 0, fixed) and lid (body 1), as a SimulationView takes them.
  std::vector<std::shared_ptr<const TriMesh>> meshes() const { return {plate_, lid_}; }
  // Frame `i`: the lid's pose at that frame and the patches carried by it.
  SimulationFrame frame(int i) const;

 private:
  std::shared_ptr<const TriMesh> plate_, lid_;
  std::vector<ContactDiagnostics> local_;  // in the lid's frame at rest
};

}  // namespace contactsim::bench
