// Building blocks of the overlay layers: one actor drawing one polydata that is refilled in place
// each frame (points, cells and colour arrays reset and reused, never reallocated once grown).
#pragma once

#include <vtkSmartPointer.h>
#include <vtkType.h>

#include <initializer_list>

#include "body_palette.h"
#include "geometry/types.h"

class vtkActor;
class vtkAlgorithmOutput;
class vtkCellArray;
class vtkDoubleArray;
class vtkGlyph3DMapper;
class vtkPoints;
class vtkPolyData;
class vtkUnsignedCharArray;

namespace contactsim::render {

// Lines (polylines) or filled polygons, optionally one colour per cell.
class CellLayer {
 public:
  enum class Kind { Lines, Polygons };
  CellLayer(Kind kind, bool cell_colours);
  ~CellLayer();
  CellLayer(const CellLayer&) = delete;
  CellLayer& operator=(const CellLayer&) = delete;

  void clear();
  vtkIdType addPoint(const Vec3& p);
  // A cell through `ids` (a polyline is open: repeat the first id to close it).
  void addCell(std::initializer_list<vtkIdType> ids);
  void addCell(const vtkIdType* ids, vtkIdType count);
  void addColour(const Rgb& colour);  // of the last cell, when cell colours are on
  // Marks everything modified: the next render uploads the new data.
  void commit();

  vtkActor* actor() const;
  vtkPolyData* data() const;
  vtkIdType cellCount() const;

 private:
  Kind kind_;
  vtkSmartPointer<vtkPolyData> data_;
  vtkSmartPointer<vtkPoints> points_;
  vtkSmartPointer<vtkCellArray> cells_;
  vtkSmartPointer<vtkUnsignedCharArray> colours_;  // null without cell colours
  vtkSmartPointer<vtkActor> actor_;
};

// One glyph (arrow, disc, sphere) per point with a direction, a per-axis scale (the glyph's own
// x axis is turned onto the direction) and optionally a colour: one instanced glyph mapper.
class GlyphLayer {
 public:
  GlyphLayer(vtkAlgorithmOutput* glyph_source, bool point_colours);
  ~GlyphLayer();
  GlyphLayer(const GlyphLayer&) = delete;
  GlyphLayer& operator=(const GlyphLayer&) = delete;

  void clear();
  void add(const Vec3& at, const Vec3& direction, const Vec3& scale);
  void add(const Vec3& at, const Vec3& direction, const Vec3& scale, const Rgb& colour);
  void commit();

  vtkActor* actor() const;
  vtkPolyData* data() const;
  vtkIdType glyphCount() const;

 private:
  vtkSmartPointer<vtkPolyData> data_;
  vtkSmartPointer<vtkPoints> points_;
  vtkSmartPointer<vtkDoubleArray> directions_;
  vtkSmartPointer<vtkDoubleArray> scales_;
  vtkSmartPointer<vtkUnsignedCharArray> colours_;  // null without point colours
  vtkSmartPointer<vtkGlyph3DMapper> mapper_;
  vtkSmartPointer<vtkActor> actor_;
};

// Colour helpers for vtkProperty::SetColor.
void setActorColour(vtkActor& actor, const Rgb& colour);

}  // namespace contactsim::render
