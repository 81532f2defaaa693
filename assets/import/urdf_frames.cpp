#include "import/urdf_frames.h"

#include <algorithm>

namespace contactsim::urdf {

std::size_t Frames::parentLink(const Model& model, std::size_t link) const {
  return model.link_index.at(model.joints[parent_joint[link]].parent);
}

Frames linkFrames(const Model& model, const UrdfReport& report) {
  const std::vector<Link>& links = model.links;
  const std::vector<Joint>& joints = model.joints;
  const std::map<std::string, std::size_t>& link_index = model.link_index;
  // The tree: every link has at most one parent joint, exactly one link has none, and all links
  // hang from it.
  Frames frames;
  std::vector<int>& parent_joint = frames.parent_joint;
  parent_joint.assign(links.size(), -1);
  std::vector<std::vector<std::size_t>> child_joints(links.size());
  for (std::size_t j = 0; j < joints.size(); ++j) {
    const Joint& joint = joints[j];
    const std::string element = "joint '" + joint.name + "'";
    if (!link_index.count(joint.parent))
      report.fail(joint.line, element, "parent link '" + joint.parent + "' not defined");
    if (!link_index.count(joint.child))
      report.fail(joint.line, element, "child link '" + joint.child + "' not defined");
    const std::size_t child = link_index.at(joint.child);
    if (parent_joint[child] >= 0) {
      report.fail(joint.line, element,
                  "link '" + joint.child + "' is already the child of joint '" +
                      joints[parent_joint[child]].name + "' (a link has one parent)");
    }
    parent_joint[child] = static_cast<int>(j);
    child_joints[link_index.at(joint.parent)].push_back(j);
  }
  std::vector<std::size_t> roots;
  for (std::size_t l = 0; l < links.size(); ++l) {
    if (parent_joint[l] < 0) roots.push_back(l);
  }
  if (roots.size() > 1) {
    report.fail(links[roots[1]].line, "link '" + links[roots[1]].name + "'",
                "a second root: neither it nor link '" + links[roots[0]].name +
                    "' is the child of a joint (a robot has one root)");
  }
  // Breadth first from the root: link poses in the world at joint positions zero.
  std::vector<Pose>& world = frames.world;
  world.resize(links.size());
  std::vector<bool> reached(links.size(), false);
  std::vector<std::size_t>& order = frames.order;
  if (!roots.empty()) {
    order.push_back(roots[0]);
    reached[roots[0]] = true;
  }
  for (std::size_t k = 0; k < order.size(); ++k) {
    for (std::size_t j : child_joints[order[k]]) {
      const std::size_t child = link_index.at(joints[j].child);
      world[child] = world[order[k]] * joints[j].origin;
      reached[child] = true;
      order.push_back(child);
    }
  }
  for (std::size_t l = 0; l < links.size(); ++l) {
    if (reached[l]) continue;
    // Every unreached link has a parent, so following parents must come round: name the loop.
    std::vector<std::size_t> path;
    std::size_t at = l;
    while (std::find(path.begin(), path.end(), at) == path.end()) {
      path.push_back(at);
      at = frames.parentLink(model, at);
    }
    std::string loop;
    for (auto it = std::find(path.begin(), path.end(), at); it != path.end(); ++it)
      loop += "'" + joints[parent_joint[*it]].name + "' ";
    report.fail(joints[parent_joint[at]].line, "joint '" + joints[parent_joint[at]].name + "'",
                "the joints " + loop + "form a cycle (URDF links form a tree)");
  }
  return frames;
}

}  // namespace contactsim::urdf
