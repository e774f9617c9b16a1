/**
 * A category's icon (the `icon` name of the board's category file) as a Lucide line icon (ISC),
 * drawn as inline SVG on the server: no script. Tiles used to show the label's first two letters,
 * so JavaScript and Java were both "Ja" (issue 23, item 15). A name with no icon here gets a tag.
 */
import {
  Brain, Braces, Briefcase, Bug, Building2, ChartColumn, ClipboardList, CodeXml, Coffee, Cpu, Database, Ellipsis, Factory, FileCode, Gamepad2, Gem,
  GraduationCap, HandCoins, HardHat, Hash, Headset, Infinity as InfinityIcon, Landmark, Layers, Megaphone, Monitor, Network, Package, Palette, Server, Shield,
  ShoppingBag, Smartphone, Stethoscope, Tag, Terminal, Truck, Users, UtensilsCrossed, Wrench, Zap, type LucideIcon,
} from 'lucide-react';

/** Every root category icon of the boards' category files (index-data/categories-*.json). */
export const CATEGORY_ICONS: Record<string, LucideIcon> = {
  // IT board
  javascript: Braces,
  html: CodeXml,
  php: FileCode,
  ruby: Gem,
  python: Terminal,
  java: Coffee,
  net: Hash,
  scala: Layers,
  c: Cpu,
  mobile: Smartphone,
  testing: Bug,
  devops: InfinityIcon,
  admin: Server,
  ux: Palette,
  pm: ClipboardList,
  game: Gamepad2,
  analytics: ChartColumn,
  security: Shield,
  data: Database,
  go: Zap,
  support: Headset,
  erp: Building2,
  architecture: Network,
  other: Ellipsis,
  ai: Brain,
  // Work board
  sales: HandCoins,
  logistics: Package,
  'customer-service': Headset,
  finance: Landmark,
  hr: Users,
  healthcare: Stethoscope,
  construction: HardHat,
  manufacturing: Factory,
  education: GraduationCap,
  hospitality: UtensilsCrossed,
  marketing: Megaphone,
  administration: Briefcase,
  engineering: Wrench,
  transport: Truck,
  retail: ShoppingBag,
  it: Monitor,
};

export function CategoryIcon({ icon, size = 24 }: { icon: string; size?: number }) {
  const Icon = CATEGORY_ICONS[icon] ?? Tag;
  return <Icon size={size} strokeWidth={1.75} aria-hidden="true" focusable="false" data-icon={icon} />;
}
