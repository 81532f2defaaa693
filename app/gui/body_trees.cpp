#include "body_trees.h"

namespace contactsim::gui {

namespace {

// A tree points into its mesh: the two live together.
struct MeshTree {
  std::shared_ptr<const TriMesh> mesh;
  AabbTree tree;
};

}  // namespace

void BodyTrees::reset(std::vector<std::shared_ptr<const TriMesh>> meshes, bool from_run) {
  meshes_ = std::move(meshes);
  trees_.assign(meshes_.size(), nullptr);
  awaiting_run_ = from_run;
  built_here_ = 0;
}

void BodyTrees::adopt(const BodyTreeList& trees) {
  for (std::size_t i = 0; i < trees.size() && i < trees_.size(); ++i) {
    if (trees[i]) trees_[i] = trees[i];
  }
  awaiting_run_ = false;
}

const AabbTree* BodyTrees::tree(int body) {
  if (body < 0 || body >= static_cast<int>(meshes_.size()) || !meshes_[body]) return nullptr;
  if (!trees_[body] && !awaiting_run_) {
    const std::shared_ptr<const TriMesh>& mesh = meshes_[body];
    auto owner = std::make_shared<const MeshTree>(MeshTree{mesh, AabbTree(*mesh)});
    trees_[body] = std::shared_ptr<const AabbTree>(owner, &owner->tree);
    ++built_here_;
  }
  return trees_[body].get();
}

}  // namespace contactsim::gui
