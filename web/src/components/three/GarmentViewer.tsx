// A garment's 3D model, tinted in its colour, with the engine's print-area
// renders laid on the model's anchor nodes (`left_chest`, `back`: each area's
// key in snake_case). three.js and
// @react-three/fiber live in this chunk only. Models come from a cache whose
// entries expire after 5 minutes; a colour change reaches the model after it
// has settled for 300 ms (the spec's 3D constants).
import { Component, Suspense, use, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Canvas, useThree } from '@react-three/fiber';
import * as THREE from 'three';
import { GLTFLoader, type GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import type { AreaKey, AreaSpec, Raster } from '../../lib/engine';
import { modelNode } from '../../lib/printAreas';
import { useT, type MessageId } from '../../lib/i18n';
import { createModelCache } from './modelCache';
import { isRendererNoise } from './rendererErrors';
import { COLOR_CHANGE_DEBOUNCE_MS, useDebounced } from './useDebounced';

/** An area's render and its printed size (the model's node may say its own). */
export interface AreaDecal {
  raster: Raster;
  widthInches: number;
  heightInches: number;
}
/** Decals by the name of the model's node they sit on. */
export type AreaDecals = Record<string, AreaDecal>;

/** The decals of a product's areas, each drawn by `draw` and placed on its area's node. */
export function areaDecals(areas: AreaSpec[], draw: (area: AreaKey) => Raster): AreaDecals {
  return Object.fromEntries(areas.map((a) => [modelNode(a.key), { raster: draw(a.key), widthInches: a.widthInches, heightInches: a.heightInches }]));
}

export interface GarmentViewerProps {
  /** URL of the GLB model. */
  modelUrl: string;
  /** '#RRGGBB' tint of the garment. */
  colorHex: string;
  /** The engine's renderArea rasters, placed on the model's print-area anchors. */
  decals?: AreaDecals;
  /** Which side faces the camera first. */
  side?: 'front' | 'back';
  className?: string;
  /** Told the node of each decal the model has no anchor for; without it, the viewer says so itself. */
  onMissingArea?: (node: string) => void;
}

const METRES_PER_INCH = 0.0254;
/** The model is scaled to this height so the spec's camera distance 2..10 frames it. */
const MODEL_HEIGHT = 2.4;
/** Renderer noise is only logged; a viewer that keeps producing it gives up after this many. */
const MAX_QUIET_ERRORS = 3;

const models = createModelCache<GLTF>((url) => new GLTFLoader().loadAsync(url));

function Controls() {
  const { camera, gl, invalidate } = useThree();
  useEffect(() => {
    const controls = new OrbitControls(camera, gl.domElement);
    controls.minDistance = 2;
    controls.maxDistance = 10;
    controls.enableDamping = false;
    controls.addEventListener('change', () => invalidate());
    return () => controls.dispose();
  }, [camera, gl, invalidate]);
  return null;
}

function decalTexture(r: Raster): THREE.DataTexture {
  const tex = new THREE.DataTexture(new Uint8Array(r.pixels.buffer, r.pixels.byteOffset, r.pixels.byteLength), r.width, r.height, THREE.RGBAFormat);
  tex.flipY = true;
  tex.colorSpace = THREE.SRGBColorSpace;
  tex.needsUpdate = true;
  return tex;
}

function Garment({ modelUrl, colorHex, decals, onMissingArea }: Omit<GarmentViewerProps, 'onMissingArea'> & { onMissingArea: (node: string) => void }) {
  // Suspends while loading; the memo keeps a mounted viewer on its model when its entry expires.
  const gltf = use(useMemo(() => models.get(modelUrl), [modelUrl]));
  const scene = useMemo(() => {
    const root = gltf.scene.clone(true);
    const box = new THREE.Box3().setFromObject(root);
    const size = box.getSize(new THREE.Vector3());
    const centre = box.getCenter(new THREE.Vector3());
    const s = MODEL_HEIGHT / Math.max(size.y, 1e-6);
    root.scale.setScalar(s);
    root.position.set(-centre.x * s, -centre.y * s, -centre.z * s);
    return root;
  }, [gltf]);

  // Tint every garment material.
  useEffect(() => {
    scene.traverse((o) => {
      const mesh = o as THREE.Mesh;
      if (!mesh.isMesh || mesh.userData.decal) return;
      const mats = (Array.isArray(mesh.material) ? mesh.material : [mesh.material]).map((m) => {
        const c = (m as THREE.MeshStandardMaterial).clone();
        c.color = new THREE.Color(colorHex);
        return c;
      });
      mesh.material = Array.isArray(mesh.material) ? mats : mats[0];
    });
  }, [scene, colorHex]);

  // One plane per print area on its anchor, facing out of the garment (+Z of the anchor).
  useEffect(() => {
    const added: THREE.Mesh[] = [];
    for (const [node, decal] of Object.entries(decals ?? {})) {
      const anchor = scene.getObjectByName(node);
      if (!anchor) {
        onMissingArea(node);
        continue;
      }
      const extras = anchor.userData as { printWidthM?: number; printHeightM?: number };
      const [w, h] = [extras.printWidthM ?? decal.widthInches * METRES_PER_INCH, extras.printHeightM ?? decal.heightInches * METRES_PER_INCH];
      const material = new THREE.MeshStandardMaterial({ map: decalTexture(decal.raster), transparent: true, polygonOffset: true, polygonOffsetFactor: -4, depthWrite: false });
      const plane = new THREE.Mesh(new THREE.PlaneGeometry(w, h), material);
      plane.userData.decal = true;
      plane.position.z = 0.002;
      anchor.add(plane);
      added.push(plane);
    }
    return () => {
      for (const m of added) {
        m.removeFromParent();
        m.geometry.dispose();
        const mat = m.material as THREE.MeshStandardMaterial;
        mat.map?.dispose();
        mat.dispose();
      }
    };
  }, [scene, decals, onMissingArea]);

  const invalidate = useThree((s) => s.invalidate);
  useEffect(() => invalidate(), [scene, colorHex, decals, invalidate]);
  return <primitive object={scene} />;
}

/** A message over the 3D view, in the shopper's language. */
function ViewerMessage({ id, className }: { id: MessageId; className: string }) {
  const t = useT();
  return <div className={className}>{t(id)}</div>;
}

class ViewerBoundary extends Component<{ children: ReactNode; resetKey: string }, { error: MessageId | null; quiet: number }> {
  state = { error: null as MessageId | null, quiet: 0 };
  static getDerivedStateFromError(e: Error) {
    // The spec: renderer errors about Object.keys / converting undefined or null are only logged.
    if (isRendererNoise(e)) return null;
    return { error: /load|fetch|404|JSON|glTF|Unexpected/i.test(e.message) ? ('design3d.loadFailed' as const) : ('design3d.failed' as const) };
  }
  componentDidCatch(e: Error) {
    if (!isRendererNoise(e)) return;
    console.warn('3D view (suppressed):', e.message);
    this.setState((s) => ({ quiet: s.quiet + 1 }));
  }
  componentDidUpdate(prev: { resetKey: string }) {
    if (prev.resetKey !== this.props.resetKey && (this.state.error || this.state.quiet)) this.setState({ error: null, quiet: 0 });
  }
  render() {
    const error = this.state.error ?? (this.state.quiet > MAX_QUIET_ERRORS ? 'design3d.failed' : null);
    return error ? <ViewerMessage id={error} className="viewer-message error" /> : this.props.children;
  }
}

export default function GarmentViewer(props: GarmentViewerProps) {
  const [contextLost, setContextLost] = useState(false);
  const [missing, setMissing] = useState<string | null>(null);
  // The latest listener, so a new one (each render of its page) does not lay the decals again.
  const listener = useRef(props.onMissingArea);
  useEffect(() => {
    listener.current = props.onMissingArea;
  });
  const onMissingArea = useMemo(() => (node: string) => (listener.current ? listener.current(node) : setMissing(node)), []);
  // A colour change (its tint, and its model when colours have their own) once it settles.
  const [modelUrl, colorHex] = useDebounced(`${props.modelUrl}\n${props.colorHex}`, COLOR_CHANGE_DEBOUNCE_MS).split('\n');
  useEffect(() => setMissing(null), [modelUrl]);
  const z = props.side === 'back' ? -4 : 4;
  return (
    <div className={`viewer ${props.className ?? ''}`} data-testid="garment-viewer">
      <ViewerBoundary resetKey={modelUrl}>
        <Suspense fallback={<ViewerMessage id="design3d.loading" className="viewer-message" />}>
          <Canvas
            frameloop="demand"
            dpr={[1, 2]}
            camera={{ position: [0, 0.2, z], fov: 40 }}
            onCreated={({ gl }) => {
              gl.domElement.addEventListener('webglcontextlost', (e) => (e.preventDefault(), setContextLost(true)));
              gl.domElement.addEventListener('webglcontextrestored', () => setContextLost(false));
            }}
          >
            <ambientLight intensity={0.9} />
            <directionalLight position={[3, 4, 5]} intensity={1.6} />
            <directionalLight position={[-3, 2, -5]} intensity={0.8} />
            <Garment {...props} modelUrl={modelUrl} colorHex={colorHex} onMissingArea={onMissingArea} />
            <Controls />
          </Canvas>
        </Suspense>
      </ViewerBoundary>
      {contextLost && <ViewerMessage id="design3d.restoring" className="viewer-message overlay" />}
      {missing && <ViewerMessage id="design3d.noArea" className="viewer-message overlay small" />}
    </div>
  );
}
