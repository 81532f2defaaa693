#include "contact/contact_tracker.h"

#include <algorithm>
#include <limits>
#include <numbers>
#include <tuple>

namespace contactsim {
namespace {

// Whether a patch of the step continues contact h (its id among the patches' ids).
bool continues(const std::vector<int>& ids, const ContactHistory& h) {
  return std::find(ids.begin(), ids.end(), h.id) != ids.end();
}

std::vector<double> reachesOf(const std::vector<ContactPatch>& patches) {
  std::vector<double> reaches;
  reaches.reserve(patches.size());
  for (const ContactPatch& patch : patches) reaches.push_back(patchReach(patch));
  return reaches;
}

}  // namespace

double patchReach(const ContactPatch& patch) {
  double reach = std::sqrt(std::max(patch.area, 0.0) / std::numbers::pi);
  for (const std::vector<Vec3>& loop : patch.loops) {
    for (const Vec3& p : loop) reach = std::max(reach, (p - patch.centroid).norm());
  }
  return reach;
}

std::vector<int> ContactTracker::match(const std::vector<ContactPatch>& patches) const {
  return match(patches, reachesOf(patches));
}

std::vector<int> ContactTracker::match(const std::vector<ContactPatch>& patches,
                                       const std::vector<double>& reaches) const {
  // Greedy assignment by centroid distance among admissible pairs: the closest pair first, each
  // old and new patch used once. Regions between two bodies are few, so O(n·m log) is nothing.
  std::vector<std::tuple<double, std::size_t, std::size_t>> candidates;
  const double cos_limit = std::cos(options_.max_normal_angle);
  for (std::size_t i = 0; i < patches.size(); ++i) {
    const double reach = reaches[i];
    for (std::size_t j = 0; j < live_.size(); ++j) {
      const ContactHistory& old = live_[j];
      if (patches[i].normal.dot(old.normal) < cos_limit) continue;
      const double radius = std::max(reach, old.reach);
      const double gate = std::max(options_.max_jump_in_radii * radius, options_.min_jump);
      const double distance = (patches[i].centroid - old.centroid).norm();
      if (distance <= gate) candidates.emplace_back(distance, i, j);
    }
  }
  std::sort(candidates.begin(), candidates.end());
  std::vector<int> ids(patches.size(), -1);
  std::vector<bool> old_taken(live_.size(), false);
  for (const auto& [distance, i, j] : candidates) {
    if (ids[i] != -1 || old_taken[j]) continue;
    ids[i] = live_[j].id;
    old_taken[j] = true;
  }
  return ids;
}

ContactTracker::Succession ContactTracker::succession(
    const std::vector<ContactPatch>& patches) const {
  std::vector<double> reaches = reachesOf(patches);
  Succession out{match(patches, reaches),
                 std::vector<const ContactHistory*>(patches.size(), nullptr),
                 std::vector<const ContactHistory*>(patches.size(), nullptr),
                 std::vector<double>(patches.size(), 0.0), std::move(reaches)};
  const std::vector<int>& ids = out.ids;
  for (std::size_t i = 0; i < patches.size(); ++i) {
    if (ids[i] >= 0) continue;
    out.parents[i] = nearestOverlapping(patches[i], out.reaches[i], ids, true);
    out.continued[i] = nearestOverlapping(patches[i], out.reaches[i], ids, false);
  }
  out.inherited = inherit(out, [](const ContactHistory& h) { return h.absorbed_energy; });
  return out;
}

const ContactHistory* ContactTracker::nearestOverlapping(const ContactPatch& patch, double reach,
                                                         const std::vector<int>& ids,
                                                         bool only_ending) const {
  const double cos_going_on = std::cos(options_.max_normal_angle);
  const double cos_ending = std::cos(options_.max_handover_angle);
  const ContactHistory* nearest = nullptr;
  double best = std::numeric_limits<double>::infinity();
  for (const ContactHistory& h : live_) {
    const bool goes_on = continues(ids, h);
    if (goes_on && only_ending) continue;
    if (patch.normal.dot(h.normal) < (goes_on ? cos_going_on : cos_ending)) continue;
    // The two patches, as discs of their reaches, overlap (or lie within min_jump).
    const double distance = (patch.centroid - h.centroid).norm();
    if (distance <= std::max(reach + h.reach, options_.min_jump) && distance < best)
      best = distance, nearest = &h;
  }
  return nearest;
}

std::vector<double> ContactTracker::inherit(
    const Succession& s, const std::function<double(const ContactHistory&)>& remaining) const {
  const std::vector<int>& ids = s.ids;
  const std::vector<const ContactHistory*>& parents = s.parents;
  // Ended contacts no new one continues leave their ledgers to the pair's orphans (new contacts
  // without a parent), shared equally: an anchor's shank sliding in its bore is re-identified
  // far from where its contact was, and an orphan starting from nothing cannot push back (its
  // force is capped), so the shank sank 17 mm into the plating.
  double unclaimed = 0.0;
  for (const ContactHistory& h : live_) {
    if (!continues(ids, h) && std::find(parents.begin(), parents.end(), &h) == parents.end())
      unclaimed += std::max(remaining(h), 0.0);
  }
  std::size_t orphans = 0;
  for (std::size_t i = 0; i < ids.size(); ++i) orphans += ids[i] < 0 && !parents[i];
  std::vector<double> inherited(ids.size(), 0.0);
  for (std::size_t i = 0; i < ids.size(); ++i) {
    if (ids[i] >= 0) continue;
    if (parents[i]) {
      const auto children = std::count(parents.begin(), parents.end(), parents[i]);
      inherited[i] = std::max(remaining(*parents[i]), 0.0) / static_cast<double>(children);
    } else {
      inherited[i] = unclaimed / static_cast<double>(orphans);
    }
  }
  return inherited;
}

void ContactTracker::update(double time, std::vector<ContactPatch>& patches) {
  const Succession s = succession(patches);
  const std::vector<int>& ids = s.ids;
  std::vector<ContactHistory> next;
  next.reserve(patches.size());
  for (std::size_t i = 0; i < patches.size(); ++i) {
    ContactHistory h;
    if (ids[i] >= 0) {
      h = *history(ids[i]);
    } else {
      h.id = next_id_++;
      h.first_time = time;
      h.absorbed_energy = h.absorbed_before = s.inherited[i];
      if (const ContactHistory* parent = s.parents[i]) {
        h.stick_anchor_a = parent->stick_anchor_a;
        h.stick_anchor_b = parent->stick_anchor_b;
      }
      if (const ContactHistory* from = s.continued[i]) {
        h.continues = from->id;
        h.initial_indentation_rate = from->initial_indentation_rate;
      }
    }
    h.centroid = patches[i].centroid;
    h.normal = patches[i].normal;
    h.area = patches[i].area;
    h.reach = s.reaches[i];
    patches[i].id = h.id;
    patches[i].continues = h.continues;
    next.push_back(std::move(h));
  }
  live_ = std::move(next);
}

ContactHistory* ContactTracker::history(int id) {
  const auto it = std::find_if(live_.begin(), live_.end(),
                               [id](const ContactHistory& h) { return h.id == id; });
  return it == live_.end() ? nullptr : &*it;
}

namespace {

void saveLoad(StateWriter& out, const ContactHistory::Load& load) {
  for (const Vec3* v : {&load.force, &load.relative_velocity, &load.torque,
                        &load.relative_angular_velocity, &load.point_on_a, &load.point_on_b})
    out.vec3(*v);
}

ContactHistory::Load restoreLoad(StateReader& in) {
  ContactHistory::Load load;
  for (Vec3* v : {&load.force, &load.relative_velocity, &load.torque,
                  &load.relative_angular_velocity, &load.point_on_a, &load.point_on_b})
    *v = in.vec3();
  return load;
}

}  // namespace

void ContactTracker::save(StateWriter& out) const {
  out.integer(next_id_);
  out.integer(static_cast<std::int64_t>(live_.size()));
  for (const ContactHistory& h : live_) {
    out.integer(h.id);
    out.real(h.first_time);
    out.real(h.initial_indentation_rate);
    out.optionalVec3(h.stick_anchor_a);
    out.optionalVec3(h.stick_anchor_b);
    out.real(h.absorbed_energy);
    out.real(h.absorbed_before);
    saveLoad(out, h.load);
    saveLoad(out, h.load_before);
    out.vec3(h.centroid);
    out.vec3(h.normal);
    out.real(h.area);
    out.real(h.reach);
  }
}

void ContactTracker::restore(StateReader& in) {
  const std::int64_t next_id = in.integer();
  if (next_id < 0 || next_id > std::numeric_limits<int>::max())
    in.fail("a contact id out of range");
  std::vector<ContactHistory> live(in.count(in.remaining() / sizeof(double)));
  for (ContactHistory& h : live) {
    const std::int64_t id = in.integer();
    if (id < 0 || id >= next_id) in.fail("a live contact id not below the next id");
    h.id = static_cast<int>(id);
    h.first_time = in.real();
    h.initial_indentation_rate = in.real();
    h.stick_anchor_a = in.optionalVec3();
    h.stick_anchor_b = in.optionalVec3();
    h.absorbed_energy = in.real();
    h.absorbed_before = in.real();
    h.load = restoreLoad(in);
    h.load_before = restoreLoad(in);
    h.centroid = in.vec3();
    h.normal = in.vec3();
    h.area = in.real();
    h.reach = in.real();
  }
  live_ = std::move(live);
  next_id_ = static_cast<int>(next_id);
}

}  // namespace contactsim
