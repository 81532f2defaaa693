// The AABB tree of each body of the shown scene, for the AABB-tree debug layer, built at most once:
// a live run hands over the trees its contact pairs built (immutable, shared, not copied); any
// other body's tree (no contact pair, or a replayed recording) is built from its mesh the first
// time it is asked for.
#pragma once

#include <memory>
#include <vector>

#include "collision/aabb_tree.h"
#include "geometry/tri_mesh.h"
#include "simulation_worker.h"

namespace contactsim::gui {

class BodyTrees {
 public:
  // A new scene: its bodies' meshes in scene order (null: no geometry). With `from_run`, no tree
  // is built before adopt() brought the run's, so none is built twice.
  void reset(std::vector<std::shared_ptr<const TriMesh>> meshes, bool from_run);
  // The run's trees by scene body (null entries: bodies in no contact pair).
  void adopt(const BodyTreeList& trees);

  // Null for a body out of range or without mesh, and while the run's trees are awaited.
  const AabbTree* tree(int body);
  // Trees built here rather than adopted from the run.
  int builtHere() const { return built_here_; }

 private:
  std::vector<std::shared_ptr<const TriMesh>> meshes_;
  BodyTreeList trees_;
  bool awaiting_run_ = false;
  int built_here_ = 0;
};

}  // namespace contactsim::gui
